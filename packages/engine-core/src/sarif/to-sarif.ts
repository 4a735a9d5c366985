/**
 * Assessment → SARIF 2.1.0 for pipelines (GitHub code scanning, GitLab,
 * DefectDojo …). Rules carry their CWE/OWASP ids in properties and tags
 * (Semgrep style), results one per evidence occurrence (all of them: the
 * assessment keeps every finding), levels from risk. A result names its CWE
 * (taxa of the run's CWE taxonomy, and properties.cwe), its region (line and
 * columns when the engine knows them), its taint path as a codeFlow (source →
 * steps, callee steps one nesting level deeper → sink), and a fingerprint that
 * does not depend on line numbers, so CI can follow a finding across commits.
 */
import { createHash } from 'node:crypto';
import type { Assessment, Evidence, Finding, FlowStep, Locale, RiskLevel, RuleItem } from '@citadel/contracts';
import type { Catalogue } from '../catalogue/define.ts';
import { localize, text } from '../catalogue/text.ts';
import type { SarifCodeFlow, SarifKind, SarifLevel, SarifLocation, SarifLog, SarifReportingDescriptor, SarifReportingDescriptorReference, SarifResult, SarifRun, SarifThreadFlowLocation } from './types.ts';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export const RISK_TO_LEVEL: Readonly<Record<RiskLevel, SarifLevel>> = { serious: 'error', high: 'error', medium: 'warning', low: 'note', info: 'note' };

/** GitHub's "security-severity" (0–10) shown as critical/high/medium/low. */
export const RISK_TO_SECURITY_SEVERITY: Readonly<Record<RiskLevel, string>> = { serious: '9.5', high: '8.0', medium: '5.5', low: '3.0', info: '0.0' };

export interface SarifOptions {
  /** Language of rule texts and messages (default en: the lingua franca of CI tools). */
  locale?: Locale;
  /** Also emit pass, safe and not-executed items as results of kind pass / informational / notApplicable (default false). */
  includePassing?: boolean;
  /** Artifact for results whose evidence names no file: usually the scanned file name. */
  artifactUri?: string;
  informationUri?: string;
}

/** One run per assessment; several assessments (a folder scan) give several runs in one log. */
export function toSarif(items: readonly { assessment: Assessment; catalogue: Catalogue }[] | { assessment: Assessment; catalogue: Catalogue }, o: SarifOptions = {}): SarifLog {
  const list = Array.isArray(items) ? items : [items as { assessment: Assessment; catalogue: Catalogue }];
  return { $schema: SARIF_SCHEMA, version: '2.1.0', runs: list.map(({ assessment, catalogue }) => toRun(assessment, catalogue, o)) };
}

function toRun(a: Assessment, catalogue: Catalogue, o: SarifOptions): SarifRun {
  const locale = o.locale ?? 'en';
  const rules: SarifReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  const results: SarifResult[] = [];
  const cwes = new Map<string, number>();
  const taxaOf = (item: RuleItem | undefined): SarifReportingDescriptorReference[] =>
    (item?.cwe ?? [])
      .map((c) => /^CWE-(\d+)$/i.exec(c)?.[1])
      .filter((id): id is string => !!id)
      .map((id) => {
        if (!cwes.has(id)) cwes.set(id, cwes.size);
        return { id, index: cwes.get(id)!, toolComponent: { name: 'CWE', index: 0 } };
      });
  const fingerprints = new Map<string, number>();

  for (const f of a.findings) {
    const kind = kindOf(f);
    if (!o.includePassing && kind !== 'fail' && kind !== 'review') continue;
    const item = catalogue.find(f.ruleId);
    if (!ruleIndex.has(f.ruleId)) {
      ruleIndex.set(f.ruleId, rules.length);
      rules.push(toRule(f, item, locale));
    }
    results.push(...toResults(f, ruleIndex.get(f.ruleId)!, kind, item, locale, taxaOf(item), fingerprints, o.artifactUri));
  }

  return {
    tool: {
      driver: {
        name: `citadel-${a.engine.name}`,
        version: a.engine.version,
        ...(o.informationUri ? { informationUri: o.informationUri } : {}),
        rules,
        ...(cwes.size ? { supportedTaxonomies: [{ name: 'CWE', index: 0 }] } : {}),
      },
    },
    invocations: [
      {
        executionSuccessful: true,
        startTimeUtc: a.timings.startedAt,
        endTimeUtc: a.timings.finishedAt,
        toolExecutionNotifications: a.unreadable.map((u) => ({
          level: 'warning' as const,
          message: { text: `Could not read ${u.file}: ${u.reason}` },
          locations: [{ physicalLocation: { artifactLocation: { uri: toArtifactUri(u.file) } } }],
        })),
      },
    ],
    results,
    ...(cwes.size
      ? {
          taxonomies: [
            {
              name: 'CWE',
              organization: 'MITRE',
              informationUri: 'https://cwe.mitre.org/',
              shortDescription: { text: 'The MITRE Common Weakness Enumeration' },
              isComprehensive: false,
              taxa: [...cwes.keys()].map((id) => ({ id, helpUri: `https://cwe.mitre.org/data/definitions/${id}.html` })),
            },
          ],
        }
      : {}),
    properties: { platform: a.platform, target: a.target, score: a.score, counts: a.counts, sdks: a.sdks },
  };
}

function kindOf(f: Finding): SarifKind {
  switch (f.result) {
    case 'fail':
      return 'fail';
    case 'find_problem':
      return 'review';
    case 'pass':
      return 'pass';
    case 'safe':
      return 'informational';
    case 'not_executed':
      return 'notApplicable';
  }
}

function toRule(f: Finding, item: RuleItem | undefined, locale: Locale): SarifReportingDescriptor {
  const risk = item?.risk ?? f.risk;
  const cwe = item?.cwe ?? [];
  const owasp = item?.owasp ?? [];
  const tags = ['security', ...(item ? [item.category] : []), ...cwe.map((c) => `external/cwe/${c.toLowerCase()}`), ...owasp.map((x) => `external/owasp/${x}`)];
  if (!item) return { id: f.ruleId, defaultConfiguration: { level: RISK_TO_LEVEL[risk] }, properties: { tags: [...new Set(tags)], risk, 'security-severity': RISK_TO_SECURITY_SEVERITY[risk] } };
  const solution = text(item, 'solution', locale);
  return {
    id: item.id,
    name: pascalName(item.id),
    shortDescription: { text: text(item, 'title', locale) },
    fullDescription: { text: text(item, 'description', locale) },
    help: {
      text: `${text(item, 'purpose', locale)}\n\n${text(item, 'testingSteps', locale)}\n\n${solution}`,
      markdown: `**${text(item, 'title', locale)}**\n\n${text(item, 'description', locale)}\n\n**Solution**\n\n${solution}`,
    },
    ...(item.references?.[0] ? { helpUri: item.references[0] } : {}),
    defaultConfiguration: { level: RISK_TO_LEVEL[risk] },
    properties: {
      tags: [...new Set(tags)],
      risk,
      category: item.category,
      platform: item.platform,
      'security-severity': RISK_TO_SECURITY_SEVERITY[risk],
      ...(cwe.length ? { cwe } : {}),
      ...(owasp.length ? { owasp } : {}),
      ...(item.references?.length ? { references: item.references } : {}),
    },
  };
}

function toResults(
  f: Finding,
  ruleIndex: number,
  kind: SarifKind,
  item: RuleItem | undefined,
  locale: Locale,
  taxa: SarifReportingDescriptorReference[],
  seen: Map<string, number>,
  artifactUri?: string,
): SarifResult[] {
  // SARIF §3.27.10: any kind other than fail has level none.
  const level: SarifLevel = kind === 'fail' ? RISK_TO_LEVEL[f.risk] : 'none';
  const headline = localize(f.summary, locale) || (item ? text(item, 'title', locale) : f.ruleId);
  const base: Omit<SarifResult, 'message'> = {
    ruleId: f.ruleId,
    ruleIndex,
    level,
    kind,
    ...(taxa.length ? { taxa } : {}),
    ...(f.whitelisted ? { suppressions: [{ kind: 'external' as const, justification: 'whitelisted' }] } : {}),
  };
  const cwe = item?.cwe?.length ? { cwe: item.cwe } : {};
  const props = (extra: Record<string, unknown> = {}) => ({
    properties: { attribution: f.attribution.kind === 'main' ? 'MAIN' : f.attribution.name, result: f.result, ...cwe, ...extra },
  });
  if (f.evidence.length === 0) {
    const locations = artifactUri ? [{ physicalLocation: { artifactLocation: { uri: toArtifactUri(artifactUri) } } }] : [];
    return [{ ...base, message: { text: headline }, ...(locations.length ? { locations } : {}), partialFingerprints: fingerprint(f.ruleId, {}, seen), ...props() }];
  }
  return f.evidence.map((ev, i) => {
    const details = [ev.detail, ev.snippet && ev.snippet !== ev.detail ? ev.snippet : undefined].filter(Boolean).join(' — ');
    const last = i === f.evidence.length - 1 && f.omittedEvidence ? { omittedEvidence: f.omittedEvidence } : {};
    const owner = ev.attribution ?? f.attribution;
    const location = toLocation(ev, artifactUri);
    const flow = ev.flow?.length ? toCodeFlow(ev.flow, ev.file ?? artifactUri) : undefined;
    return {
      ...base,
      message: { text: details ? `${headline}: ${details}` : headline },
      ...(Object.keys(location).length ? { locations: [location] } : {}),
      partialFingerprints: fingerprint(f.ruleId, ev, seen),
      ...(flow ? { codeFlows: [flow] } : {}),
      properties: {
        attribution: owner.kind === 'main' ? 'MAIN' : owner.name,
        result: f.result,
        ...cwe,
        ...(ev.request ? { request: ev.request } : {}),
        ...(ev.response ? { response: ev.response } : {}),
        ...last,
      },
    };
  });
}

function toLocation(ev: Evidence, artifactUri?: string): SarifLocation {
  const loc: SarifLocation = {};
  const uri = ev.file ?? artifactUri;
  if (uri) {
    const region: NonNullable<NonNullable<SarifLocation['physicalLocation']>['region']> = {};
    if (ev.line !== undefined && Number.isInteger(ev.line) && ev.line >= 1) {
      region.startLine = ev.line;
      const col = (n: number | undefined) => n !== undefined && Number.isInteger(n) && n >= 1;
      if (col(ev.column)) {
        region.startColumn = ev.column!;
        if (ev.endLine !== undefined && Number.isInteger(ev.endLine) && ev.endLine >= ev.line) region.endLine = ev.endLine;
        if (col(ev.endColumn) && (ev.endLine ?? ev.line) >= ev.line) region.endColumn = ev.endColumn!;
      }
    }
    // With line and columns the region is exact; an engine's offset (a character index in source text) is then left out.
    if (region.startColumn === undefined && ev.offset !== undefined && Number.isInteger(ev.offset) && ev.offset >= 0) region.byteOffset = ev.offset;
    // SARIF regions need a start; a snippet alone stays in the message.
    if (ev.snippet && (region.startLine !== undefined || region.byteOffset !== undefined)) region.snippet = { text: ev.snippet };
    loc.physicalLocation = { artifactLocation: { uri: toArtifactUri(uri) }, ...(Object.keys(region).length ? { region } : {}) };
  }
  if (ev.className || ev.method) {
    const name = [ev.className, ev.method].filter(Boolean).join('.');
    loc.logicalLocations = [{ fullyQualifiedName: name, kind: ev.method ? 'function' : 'type' }];
  }
  return loc;
}

/** A relative URI reference for a path inside the input ("lib/arm64-v8a/libx.so", "res/values/strings.xml"). */
export function toArtifactUri(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^\/+/, '')
    .split('/')
    .map((seg) => encodeURIComponent(seg))
    .join('/');
}

const FLOW_KINDS: Record<FlowStep['kind'], string[]> = { source: ['taint', 'source'], assign: ['value'], call: ['call'], param: ['enter', 'function'], return: ['exit', 'return'], sink: ['taint', 'sink'] };

/**
 * One thread flow: source, steps, sink. A parameter step enters a called function (one nesting
 * level deeper, the callee's own lines), a return step comes back to the caller.
 */
function toCodeFlow(flow: readonly FlowStep[], file: string | undefined): SarifCodeFlow {
  let depth = 0;
  const locations: SarifThreadFlowLocation[] = flow.map((s, i) => {
    if (s.kind === 'return') depth = Math.max(0, depth - 1);
    const uri = s.file ?? file;
    const location: SarifLocation = {
      ...(uri ? { physicalLocation: { artifactLocation: { uri: toArtifactUri(uri) }, ...(Number.isInteger(s.line) && s.line >= 1 ? { region: { startLine: s.line } } : {}) } } : {}),
      message: { text: `${s.kind}: ${s.code}` },
    };
    const at: SarifThreadFlowLocation = { location, nestingLevel: depth, executionOrder: i + 1, kinds: FLOW_KINDS[s.kind] };
    if (s.kind === 'param') depth++;
    return at;
  });
  const first = flow[0]!;
  const last = flow[flow.length - 1]!;
  return { message: { text: `${first.code} → ${last.code}` }, threadFlows: [{ locations }] };
}

/**
 * A fingerprint that survives edits elsewhere in the file: the rule, the file, the logical
 * location and the flagged code with its white space collapsed (not the line number); the
 * same code flagged twice in one file is told apart by its order. Lines count only for
 * evidence that carries no text at all.
 */
function fingerprint(ruleId: string, ev: Evidence, seen: Map<string, number>): Record<string, string> {
  const code = (ev.flow?.length ? ev.flow[ev.flow.length - 1]!.code : ev.snippet) ?? ev.detail;
  const source = ev.flow && ev.flow.length > 1 ? ev.flow[0]!.code : '';
  const norm = (t: string | undefined) => (t ?? '').replace(/\s+/g, ' ').trim();
  const key = [ruleId, ev.file, ev.className, ev.method, code === undefined ? ev.line : norm(code), norm(source)].map((x) => x ?? '').join('\u0000');
  const n = seen.get(key) ?? 0;
  seen.set(key, n + 1);
  return { 'citadel/v2': createHash('sha256').update(`${key}\u0000${n}`).digest('hex').slice(0, 32) };
}

function pascalName(id: string): string {
  return id
    .split(/[._-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}
