/**
 * Direct and dev scope from a lockfile's roots: the roots' dependencies are
 * direct; a package is dev when dev roots reach it and production roots do
 * not (a lockfile shared by both keeps it production). Walked iteratively,
 * each package once, so cycles and deep chains end.
 */
import type { Inventory } from '../model.ts';

export function reachable(inv: Inventory, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const k = stack.pop()!;
    if (seen.has(k)) continue;
    const p = inv.get(k);
    if (!p) continue;
    seen.add(k);
    for (const d of p.deps ?? []) if (!seen.has(d)) stack.push(d);
  }
  return seen;
}

export function markDevByReach(inv: Inventory, prodRoots: string[], devRoots: string[]): void {
  const prod = reachable(inv, prodRoots);
  const dev = reachable(inv, devRoots);
  const direct = new Set([...prodRoots, ...devRoots]);
  for (const p of inv.list()) {
    const k = `${p.ecosystem}|${p.name}@${p.version}`;
    p.direct = direct.has(k);
    p.dev = !prod.has(k) && dev.has(k);
  }
}
