/** The firmware fields of an assessment's target, read defensively (stored JSON), and the tree the preview shows. */
import type { Assessment, Finding } from '@citadel/contracts';

export interface FwFile {
  path: string;
  type: string;
  size: number;
  mode?: string;
  sha1?: string;
  target?: string;
}
export interface FwRegion {
  offset: number;
  length: number;
  kind: string;
  handler: string;
  entropy: number;
  detail?: string;
  error?: string;
  children?: FwRegion[];
}
export interface FwView {
  files: FwFile[];
  regions: FwRegion[];
  filesystems: { kind: string; variant: string; offset: number; declaredInodes: number; readNodes: number; errors: string[] }[];
  components: { name: string; version: string; type: string; locations: string[] }[];
  services: { kind: string; program: string; atBoot: boolean; startedBy?: string }[];
  cves: { id: string; component: string; version: string; score?: number }[];
}

const arr = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export function firmwareView(a: Assessment | null): FwView | undefined {
  if (!a || a.platform !== 'firmware') return undefined;
  const t = a.target;
  return { files: arr(t.files), regions: arr(t.regions), filesystems: arr(t.filesystems), components: arr(t.components), services: arr(t.services), cves: arr(t.cves) };
}

/** The assessment without the bulky firmware lists, for the generic summary card. */
export function withoutBulk(a: Assessment | null): Assessment | null {
  if (!a) return a;
  const { files: _f, regions: _r, filesystems: _s, components: _c, services: _v, cves: _x, sbom: _b, identitySources: _i, ...target } = a.target;
  return { ...a, target };
}

export interface TreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: TreeNode[];
}

/** A tree of the listed paths, filtered by a search text (a path matches when it contains it). */
export function buildTree(files: readonly FwFile[], search: string): TreeNode[] {
  const q = search.trim().toLowerCase();
  const root: TreeNode = { key: '/', title: '/', isLeaf: false, children: [] };
  const dirs = new Map<string, TreeNode>([['/', root]]);
  const ensure = (path: string): TreeNode => {
    const hit = dirs.get(path);
    if (hit) return hit;
    const parent = ensure(path.slice(0, path.lastIndexOf('/')) || '/');
    const node: TreeNode = { key: path, title: path.slice(path.lastIndexOf('/') + 1), isLeaf: false, children: [] };
    parent.children!.push(node);
    dirs.set(path, node);
    return node;
  };
  for (const f of files) {
    if (f.path === '/') continue;
    if (q && !f.path.toLowerCase().includes(q)) continue;
    if (f.type === 'dir') ensure(f.path);
    else {
      const parent = ensure(f.path.slice(0, f.path.lastIndexOf('/')) || '/');
      parent.children!.push({ key: f.path, title: f.path.slice(f.path.lastIndexOf('/') + 1) + (f.type === 'symlink' ? ` → ${f.target ?? ''}` : ''), isLeaf: true });
    }
  }
  return root.children ?? [];
}

/** Failed or problem rows with evidence naming this file. */
export function findingsForFile(a: Assessment, path: string): { finding: Finding; evidence: Finding['evidence'] }[] {
  return a.findings
    .filter((f) => f.result === 'fail' || f.result === 'find_problem')
    .map((finding) => ({ finding, evidence: finding.evidence.filter((e) => e.file === path) }))
    .filter((x) => x.evidence.length > 0);
}
