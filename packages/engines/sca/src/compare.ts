/**
 * Version compare of two software-component assessments of one project (A =
 * the earlier, B = the later): components added, removed and upgraded (or
 * downgraded), vulnerabilities new in B and fixed since A, and licence
 * changes. Works on stored assessments read defensively (they are data from
 * elsewhere) and imports nothing from Node, so the portal runs it in the
 * browser like the firmware compare. A vulnerability is the same on both
 * sides when it is on the same package (ecosystem and name) and shares any
 * id (aliases merged); VEX-suppressed ones are counted apart, not as new.
 */
import type { Assessment } from '@citadel/contracts';

export type CompareLevel = 'critical' | 'high' | 'medium' | 'low' | 'unknown';

export interface CompareComponent {
  ecosystem: string;
  name: string;
  version: string;
  direct: boolean;
  dev: boolean;
}

export interface CompareVuln {
  id: string;
  ids: string[];
  level: CompareLevel;
  ecosystem: string;
  name: string;
  version: string;
  summary: string;
}

export interface ScaComparison {
  a: { name: string; components: number; vulnerabilities: number };
  b: { name: string; components: number; vulnerabilities: number };
  /** Whether both sides name the same project (the uploaded file's name without version-like parts). */
  sameProject: boolean;
  added: CompareComponent[];
  removed: CompareComponent[];
  /** Same package, other version(s). `direction` is 'up' when every version of B is above every one of A by a plain numeric reading, 'down' the reverse, else 'changed'. */
  changed: { ecosystem: string; name: string; from: string[]; to: string[]; direction: 'up' | 'down' | 'changed' }[];
  unchanged: number;
  newVulns: CompareVuln[];
  fixedVulns: CompareVuln[];
  /** Still present on both sides. */
  remainingVulns: number;
  licenceChanges: { ecosystem: string; name: string; from: string; to: string }[];
}

const LEVELS: readonly CompareLevel[] = ['critical', 'high', 'medium', 'low', 'unknown'];
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string => (typeof x === 'string' ? x : '');
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const strs = (x: unknown): string[] => list(x).filter((s): s is string => typeof s === 'string');

interface Side {
  name: string;
  comps: (CompareComponent & { ref: string; licence: string })[];
  vulns: (CompareVuln & { suppressed: boolean })[];
}

function read(a: Assessment): Side {
  const t = a.target;
  if (!t || t.kind !== 'sca') throw new Error('not a software-component assessment');
  const comps = list(t.components)
    .filter(isObj)
    .map((c) => {
      const l = isObj(c.licence) ? c.licence : undefined;
      return { ref: str(c.ref), ecosystem: str(c.ecosystem), name: str(c.name), version: str(c.version), direct: c.direct === true, dev: c.dev === true, licence: str(l?.expression) || str(l?.declared) };
    });
  const byRef = new Map(comps.map((c) => [c.ref, c]));
  const vulns = list(t.vulnerabilities)
    .filter(isObj)
    .flatMap((v) => {
      const c = byRef.get(str(v.component));
      if (!c) return [];
      const level = LEVELS.includes(v.level as CompareLevel) ? (v.level as CompareLevel) : 'unknown';
      const id = str(v.id);
      return [{ id, ids: [...new Set([id, ...strs(v.ids)])], level, ecosystem: c.ecosystem, name: c.name, version: c.version, summary: str(v.summary), suppressed: isObj(v.suppressed) }];
    });
  return { name: str(t.name), comps, vulns };
}

const pkg = (x: { ecosystem: string; name: string }): string => `${x.ecosystem}|${x.name.toLowerCase()}`;
const nums = (v: string): number[] | undefined => (/^v?\d+(?:\.\d+)*$/.test(v) ? v.replace(/^v/, '').split('.').map(Number) : undefined);
function cmp(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
function direction(from: string[], to: string[]): 'up' | 'down' | 'changed' {
  const f = from.map(nums);
  const t = to.map(nums);
  if (f.some((x) => !x) || t.some((x) => !x)) return 'changed';
  const all = (p: (x: number[], y: number[]) => boolean) => f.every((x) => t.every((y) => p(x!, y!)));
  if (all((x, y) => cmp(y, x) > 0)) return 'up';
  if (all((x, y) => cmp(y, x) < 0)) return 'down';
  return 'changed';
}

/** "shop-1.2.0.zip" and "shop_v1.3.zip" are one project: the name without extension, version-like parts and separators. */
export function projectKey(fileName: string): string {
  return fileName
    .toLowerCase()
    .replace(/\.(?:zip|tar\.gz|tgz|tar|jar|war|ear|json|xml)$/, '')
    .replace(/[-_. ]?v?\d+(?:\.\d+)*(?:[-_.]?(?:rc|beta|alpha|snapshot)\d*)?/g, '')
    .replace(/[^a-z]+/g, '');
}

export function compareScaAssessments(before: Assessment, after: Assessment): ScaComparison {
  const A = read(before);
  const B = read(after);
  const versions = (s: Side) => {
    const m = new Map<string, { first: Side['comps'][number]; versions: Set<string> }>();
    for (const c of s.comps) {
      const k = pkg(c);
      const e = m.get(k);
      if (e) e.versions.add(c.version);
      else m.set(k, { first: c, versions: new Set([c.version]) });
    }
    return m;
  };
  const va = versions(A);
  const vb = versions(B);
  const bare = (c: Side['comps'][number]): CompareComponent => ({ ecosystem: c.ecosystem, name: c.name, version: c.version, direct: c.direct, dev: c.dev });
  const added: CompareComponent[] = [];
  const removed: CompareComponent[] = [];
  const changed: ScaComparison['changed'] = [];
  let unchanged = 0;
  for (const [k, b] of vb) {
    const a = va.get(k);
    if (!a) {
      for (const c of B.comps) if (pkg(c) === k) added.push(bare(c));
      continue;
    }
    const from = [...a.versions].sort();
    const to = [...b.versions].sort();
    if (from.join('\n') === to.join('\n')) unchanged++;
    else changed.push({ ecosystem: b.first.ecosystem, name: b.first.name, from, to, direction: direction(from, to) });
  }
  for (const [k] of va) if (!vb.has(k)) for (const c of A.comps) if (pkg(c) === k) removed.push(bare(c));

  const live = (s: Side) => s.vulns.filter((v) => !v.suppressed);
  const idsOf = (s: Side) => {
    const m = new Map<string, Set<string>>();
    for (const v of live(s)) {
      const k = pkg(v);
      const set = m.get(k) ?? new Set<string>();
      for (const id of v.ids) set.add(id);
      m.set(k, set);
    }
    return m;
  };
  const ia = idsOf(A);
  const ib = idsOf(B);
  const strip = ({ suppressed: _s, ...v }: Side['vulns'][number]): CompareVuln => v;
  const byLevel = (x: CompareVuln, y: CompareVuln) => LEVELS.indexOf(x.level) - LEVELS.indexOf(y.level) || x.name.localeCompare(y.name) || x.id.localeCompare(y.id);
  const newVulns = live(B).filter((v) => !v.ids.some((id) => ia.get(pkg(v))?.has(id))).map(strip).sort(byLevel);
  const fixedVulns = live(A).filter((v) => !v.ids.some((id) => ib.get(pkg(v))?.has(id))).map(strip).sort(byLevel);

  const licA = new Map(A.comps.map((c) => [pkg(c), c.licence]));
  const licenceChanges: ScaComparison['licenceChanges'] = [];
  const seen = new Set<string>();
  for (const c of B.comps) {
    const k = pkg(c);
    if (seen.has(k) || !licA.has(k)) continue;
    seen.add(k);
    const from = licA.get(k)!;
    if (from && c.licence && from !== c.licence) licenceChanges.push({ ecosystem: c.ecosystem, name: c.name, from, to: c.licence });
  }
  const sortC = (x: { name: string; ecosystem: string }, y: { name: string; ecosystem: string }) => x.name.localeCompare(y.name) || x.ecosystem.localeCompare(y.ecosystem);
  return {
    a: { name: A.name, components: A.comps.length, vulnerabilities: live(A).length },
    b: { name: B.name, components: B.comps.length, vulnerabilities: live(B).length },
    sameProject: projectKey(A.name) === projectKey(B.name),
    added: added.sort(sortC),
    removed: removed.sort(sortC),
    changed: changed.sort(sortC),
    unchanged,
    newVulns,
    fixedVulns,
    remainingVulns: live(B).length - newVulns.length,
    licenceChanges: licenceChanges.sort(sortC),
  };
}
