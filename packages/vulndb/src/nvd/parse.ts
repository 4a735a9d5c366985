/**
 * NVD CVE API 2.0 `cve` objects (nvd.nist.gov/developers/vulnerabilities) →
 * VulnRecord. Also accepts a whole API page ({vulnerabilities:[{cve}]}) through
 * parseNvdPage. Rejected records (REJECTED status) are kept as withdrawn so an
 * incremental import removes their matches.
 */
import { levelOfScore } from '../cvss.ts';
import type { CpeConfiguration, CpeMatch, CpeNode, Severity, SeverityLevel, VulnRecord } from '../model.ts';
import type { ParseResult } from '../osv/parse.ts';

const str = (x: unknown): string | undefined => (typeof x === 'string' && x.length > 0 ? x : undefined);
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const obj = (x: unknown): Record<string, unknown> | undefined => (typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined);

function parseMatch(x: unknown): CpeMatch | undefined {
  const o = obj(x);
  const criteria = str(o?.criteria);
  if (!o || !criteria || !criteria.startsWith('cpe:2.3:')) return undefined;
  const m: CpeMatch = { vulnerable: o.vulnerable === true, criteria };
  for (const k of ['versionStartIncluding', 'versionStartExcluding', 'versionEndIncluding', 'versionEndExcluding'] as const) {
    const v = str(o[k]);
    if (v) m[k] = v;
  }
  return m;
}

function parseConfigurations(x: unknown): CpeConfiguration[] {
  const out: CpeConfiguration[] = [];
  for (const c of arr(x)) {
    const co = obj(c);
    if (!co) continue;
    const nodes: CpeNode[] = [];
    for (const n of arr(co.nodes)) {
      const no = obj(n);
      if (!no) continue;
      const cpeMatch = arr(no.cpeMatch)
        .map(parseMatch)
        .filter((m): m is CpeMatch => m !== undefined);
      if (cpeMatch.length > 0) nodes.push({ operator: no.operator === 'AND' ? 'AND' : 'OR', negate: no.negate === true, cpeMatch });
    }
    if (nodes.length > 0) out.push({ operator: co.operator === 'AND' ? 'AND' : 'OR', negate: co.negate === true, nodes });
  }
  return out;
}

/** The best CVSS per version (v3.1, v3.0, v2; the NVD's own "Primary" entry first). */
function parseMetrics(x: unknown): { severity: Severity[]; level?: SeverityLevel } {
  const m = obj(x);
  const severity: Severity[] = [];
  let level: SeverityLevel | undefined;
  const pick = (key: string, type: Severity['type']): void => {
    const list = arr(m?.[key]).map(obj).filter((e): e is Record<string, unknown> => e !== undefined);
    const best = list.find((e) => e.type === 'Primary') ?? list[0];
    const data = obj(best?.cvssData);
    if (!data) return;
    const score = typeof data.baseScore === 'number' ? data.baseScore : undefined;
    const vector = str(data.vectorString);
    severity.push({ type, ...(vector ? { vector } : {}), ...(score !== undefined ? { score } : {}) });
    const sev = (str(data.baseSeverity) ?? str(best?.baseSeverity))?.toLowerCase();
    if (!level && sev && ['critical', 'high', 'medium', 'low', 'none'].includes(sev)) level = sev as SeverityLevel;
    if (!level && score !== undefined && type !== 'CVSS_V2') level = levelOfScore(score);
  };
  pick('cvssMetricV40', 'CVSS_V4');
  pick('cvssMetricV31', 'CVSS_V3');
  if (!severity.some((s) => s.type === 'CVSS_V3')) pick('cvssMetricV30', 'CVSS_V3');
  pick('cvssMetricV2', 'CVSS_V2');
  return { severity, ...(level ? { level } : {}) };
}

export function parseNvd(json: unknown): ParseResult {
  const o = obj(json);
  if (!o) return { ok: false, reason: 'not a JSON object' };
  const id = str(o.id);
  if (!id || !/^CVE-\d{4}-\d{4,}$/.test(id)) return { ok: false, reason: 'missing or invalid CVE id' };
  const modified = str(o.lastModified) ?? str(o.published);
  if (!modified || Number.isNaN(Date.parse(modified))) return { ok: false, reason: `${id}: missing or invalid lastModified` };
  const descriptions = arr(o.descriptions).map(obj);
  const summary = str((descriptions.find((d) => d?.lang === 'en') ?? descriptions[0])?.value) ?? '';
  const { severity, level } = parseMetrics(o.metrics);
  const rejected = o.vulnStatus === 'Rejected' || summary.startsWith('** REJECT **');
  const record: VulnRecord = {
    id,
    source: 'nvd',
    modified: new Date(modified.endsWith('Z') || /[+-]\d\d:\d\d$/.test(modified) ? modified : `${modified}Z`).toISOString(),
    ...(str(o.published) ? { published: str(o.published)! } : {}),
    ...(rejected ? { withdrawn: modified } : {}),
    aliases: [],
    summary: summary.slice(0, 2000),
    severity,
    ...(level ? { level } : {}),
    references: arr(o.references)
      .map((r) => str(obj(r)?.url))
      .filter((u): u is string => u !== undefined)
      .slice(0, 50),
    configurations: parseConfigurations(o.configurations),
  };
  return { ok: true, record };
}

/** A CVE API 2.0 response page: {vulnerabilities:[{cve:{…}}]}. */
export function nvdPageRecords(json: unknown): unknown[] {
  return arr(obj(json)?.vulnerabilities).map((v) => obj(v)?.cve);
}
