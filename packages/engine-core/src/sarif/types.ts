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
  suppressions?: { kind: 'inSource' | 'external'; justification?: string }[];
  properties?: Record<string, unknown>;
}

export interface SarifNotification {
  message: SarifMessage;
  level?: SarifLevel;
  locations?: SarifLocation[];
}

export interface SarifRun {
  tool: { driver: { name: string; version?: string; semanticVersion?: string; informationUri?: string; rules?: SarifReportingDescriptor[] } };
  invocations?: {
    executionSuccessful: boolean;
    startTimeUtc?: string;
    endTimeUtc?: string;
    toolExecutionNotifications?: SarifNotification[];
  }[];
  results: SarifResult[];
  properties?: Record<string, unknown>;
}

export interface SarifLog {
  $schema?: string;
  version: '2.1.0';
  runs: SarifRun[];
}
