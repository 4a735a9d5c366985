/**
 * Comparing two firmware assessments, as FACT_core's compare view does: files
 * only in A, only in B and changed (by SHA-1 of the contents, or symlink
 * target), component versions added, removed and changed, and findings new in
 * B or fixed since A (by rule and evidence). Pure: it reads the assessments'
 * target and findings only, so the portal can compare stored results; text
 * diffs of changed files come from `withTextDiffs` when the images are at hand.
 */
import type { Assessment } from '@citadel/contracts';
import type { FsNode } from '../unpack/model.ts';
import { lineDiff } from './diff.ts';

interface ListedFile {
  path: string;
  type: string;
  size: number;
  sha1?: string;
  target?: string;
}
interface ListedComponent {
  name: string;
  version: string;
}

export interface FirmwareComparison {
  a: Record<string, unknown>;
  b: Record<string, unknown>;
  onlyInA: ListedFile[];
  onlyInB: ListedFile[];
  changed: { path: string; type: string; a: { size: number; sha1?: string; target?: string }; b: { size: number; sha1?: string; target?: string }; diff?: string[]; diffNote?: string }[];
  unchanged: number;
  components: { added: ListedComponent[]; removed: ListedComponent[]; changed: { name: string; a: string; b: string }[] };
  findings: { new: FindingKey[]; fixed: FindingKey[] };
}

export interface FindingKey {
  ruleId: string;
  risk: string;
  file?: string;
  snippet?: string;
}

const SUMMARY_FIELDS = ['fileName', 'size', 'sha256', 'vendor', 'model', 'firmwareVersion', 'kernelVersion', 'architecture', 'fileCount', 'nodeCount'];

function summary(a: Assessment): Record<string, unknown> {
  return Object.fromEntries(SUMMARY_FIELDS.map((k) => [k, a.target[k]]).filter(([, v]) => v !== undefined));
}

function files(a: Assessment): Map<string, ListedFile> {
  const list = Array.isArray(a.target.files) ? (a.target.files as ListedFile[]) : [];
  return new Map(list.filter((f) => typeof f?.path === 'string').map((f) => [f.path, f]));
}

function components(a: Assessment): ListedComponent[] {
  return Array.isArray(a.target.components) ? (a.target.components as ListedComponent[]).filter((c) => typeof c?.name === 'string') : [];
}

/** Findings as comparable keys: rule + file + snippet, for failed and problem rows. */
function findingKeys(a: Assessment): Map<string, FindingKey> {
  const out = new Map<string, FindingKey>();
  for (const f of a.findings) {
    if (f.result !== 'fail') continue;
    for (const e of f.evidence.length ? f.evidence : [{}]) {
      const k: FindingKey = { ruleId: f.ruleId, risk: f.risk, ...(e.file ? { file: e.file } : {}), ...(e.snippet ? { snippet: e.snippet } : {}) };
      out.set(`${k.ruleId}\0${k.file ?? ''}\0${k.snippet ?? ''}`, k);
    }
  }
  return out;
}

export function compareAssessments(a: Assessment, b: Assessment): FirmwareComparison {
  if (a.platform !== 'firmware' || b.platform !== 'firmware') throw new Error('both assessments must be firmware assessments');
  const fa = files(a);
  const fb = files(b);
  const onlyInA = [...fa.values()].filter((f) => !fb.has(f.path));
  const onlyInB = [...fb.values()].filter((f) => !fa.has(f.path));
  const changed: FirmwareComparison['changed'] = [];
  let unchanged = 0;
  for (const [path, x] of fa) {
    const y = fb.get(path);
    if (!y) continue;
    if (x.type !== y.type || x.sha1 !== y.sha1 || x.target !== y.target || x.size !== y.size) {
      changed.push({ path, type: x.type === y.type ? x.type : `${x.type}→${y.type}`, a: { size: x.size, ...(x.sha1 ? { sha1: x.sha1 } : {}), ...(x.target !== undefined ? { target: x.target } : {}) }, b: { size: y.size, ...(y.sha1 ? { sha1: y.sha1 } : {}), ...(y.target !== undefined ? { target: y.target } : {}) } });
    } else unchanged++;
  }
  const ca = components(a);
  const cb = components(b);
  const byName = (l: ListedComponent[]): Map<string, Set<string>> => {
    const m = new Map<string, Set<string>>();
    for (const c of l) m.set(c.name, (m.get(c.name) ?? new Set()).add(c.version));
    return m;
  };
  const na = byName(ca);
  const nb = byName(cb);
  const comp: FirmwareComparison['components'] = { added: [], removed: [], changed: [] };
  for (const [name, vs] of nb) if (!na.has(name)) for (const v of vs) comp.added.push({ name, version: v });
  for (const [name, vs] of na) {
    const other = nb.get(name);
    if (!other) for (const v of vs) comp.removed.push({ name, version: v });
    else if ([...vs].sort().join(',') !== [...other].sort().join(',')) comp.changed.push({ name, a: [...vs].sort().join(', '), b: [...other].sort().join(', ') });
  }
  const ka = findingKeys(a);
  const kb = findingKeys(b);
  return {
    a: summary(a),
    b: summary(b),
    onlyInA,
    onlyInB,
    changed,
    unchanged,
    components: comp,
    findings: { new: [...kb.entries()].filter(([k]) => !ka.has(k)).map(([, v]) => v), fixed: [...ka.entries()].filter(([k]) => !kb.has(k)).map(([, v]) => v) },
  };
}

const isText = (d: Uint8Array | undefined): d is Uint8Array => d !== undefined && d.length > 0 && !d.subarray(0, 4096).includes(0);

/** Adds text diffs to the changed text files, reading both sides from the unpacked nodes. */
export function withTextDiffs(cmp: FirmwareComparison, nodesA: ReadonlyMap<string, FsNode>, nodesB: ReadonlyMap<string, FsNode>, maxFiles = 200): FirmwareComparison {
  let done = 0;
  for (const c of cmp.changed) {
    const x = nodesA.get(c.path)?.data;
    const y = nodesB.get(c.path)?.data;
    if (!isText(x) || !isText(y)) continue;
    if (done++ >= maxFiles) {
      c.diffNote = `text diffs are given for the first ${maxFiles} changed files`;
      continue;
    }
    const utf8 = new TextDecoder();
    const d = lineDiff(utf8.decode(x), utf8.decode(y));
    if (d) c.diff = d;
    else c.diffNote = 'file too long for a line diff';
  }
  return cmp;
}
