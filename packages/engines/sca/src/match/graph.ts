/**
 * Dependency paths: a breadth-first walk from a manifest's direct packages
 * (or, when the format does not say, from the packages nothing depends on)
 * gives each package its shortest path from the project. Cycles are harmless
 * (each package is visited once); packages a cycle hides from every root get
 * no path rather than an invented one.
 */
import { type Manifest, pkgKey } from '../model.ts';

/** For each package key of the manifest, the keys from a root to it (the package itself last). */
export function shortestPaths(m: Manifest): Map<string, string[]> {
  const byKey = new Map(m.packages.map((p) => [pkgKey(p), p]));
  const depended = new Set<string>();
  for (const p of m.packages) for (const d of p.deps ?? []) depended.add(d);
  let roots = m.packages.filter((p) => p.direct === true);
  if (roots.length === 0) roots = m.packages.filter((p) => !depended.has(pkgKey(p)));
  const prev = new Map<string, string | null>();
  const queue: string[] = [];
  for (const r of roots) {
    const k = pkgKey(r);
    if (!prev.has(k)) {
      prev.set(k, null);
      queue.push(k);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const k = queue[i]!;
    for (const d of byKey.get(k)?.deps ?? []) {
      if (prev.has(d) || !byKey.has(d)) continue;
      prev.set(d, k);
      queue.push(d);
    }
  }
  const out = new Map<string, string[]>();
  for (const k of prev.keys()) {
    const path: string[] = [];
    for (let c: string | null | undefined = k; c; c = prev.get(c)) path.push(c);
    out.set(k, path.reverse());
  }
  return out;
}
