/** The subset of the SARIF 2.1.0 object model we write (names as in the OASIS standard). */

export type SarifLevel = 'none' | 'note' | 'warning' | 'error';
export type SarifKind = 'notApplicable' | 'pass' | 'fail' | 'review' | 'open' | 'informational';

export interface SarifMessage {
  text: string;
  markdown?: string;
}

export interface SarifReportingDescriptor {
  id: string;
  name?: string;
  shortDescription?: SarifMessage;
  fullDescription?: SarifMessage;
  help?: SarifMessage;
  helpUri?: string;
  defaultConfiguration?: { level?: SarifLevel; enabled?: boolean };
  properties?: Record<string, unknown> & { tags?: string[] };
}

export interface SarifRegion {
  startLine?: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
  byteOffset?: number;
  snippet?: { text: string };
}

export interface SarifLocation {
  physicalLocation?: { artifactLocation: { uri: string }; region?: SarifRegion };
  logicalLocations?: { fullyQualifiedName?: string; name?: string; kind?: string }[];
  message?: SarifMessage;
}

export interface SarifResult {
  ruleId: string;
  ruleIndex?: number;
  level?: SarifLevel;
  kind?: SarifKind;
  message: SarifMessage;
  locations?: SarifLocation[];
  partialFingerprints?: Record<string, string>;
  /** The taint path: one thread flow from the source through each step to the sink. */
  codeFlows?: SarifCodeFlow[];
  /** Taxonomy entries (CWE) this result is an instance of. */
  taxa?: SarifReportingDescriptorReference[];
  suppressions?: { kind: 'inSource' | 'external'; justification?: string }[];
  properties?: Record<string, unknown>;
}

export interface SarifThreadFlowLocation {
  location: SarifLocation;
  /** 0 in the analysed file's own code; 1 inside a function of another file the path was followed into. */
  nestingLevel?: number;
  executionOrder?: number;
  kinds?: string[];
}

export interface SarifCodeFlow {
  message?: SarifMessage;
  threadFlows: { locations: SarifThreadFlowLocation[] }[];
}

export interface SarifReportingDescriptorReference {
  id: string;
  index?: number;
  toolComponent?: { name: string; index?: number };
}

export interface SarifToolComponent {
  name: string;
  organization?: string;
  informationUri?: string;
  shortDescription?: SarifMessage;
  isComprehensive?: boolean;
  taxa?: SarifReportingDescriptor[];
}

export interface SarifNotification {
  message: SarifMessage;
  level?: SarifLevel;
  locations?: SarifLocation[];
}

export interface SarifRun {
  tool: { driver: { name: string; version?: string; semanticVersion?: string; informationUri?: string; rules?: SarifReportingDescriptor[]; supportedTaxonomies?: { name: string; index?: number }[] } };
  invocations?: {
    executionSuccessful: boolean;
    startTimeUtc?: string;
    endTimeUtc?: string;
    toolExecutionNotifications?: SarifNotification[];
  }[];
  results: SarifResult[];
  /** CWE, for the results' taxa. */
  taxonomies?: SarifToolComponent[];
  properties?: Record<string, unknown>;
}

export interface SarifLog {
  $schema?: string;
  version: '2.1.0';
  runs: SarifRun[];
}
