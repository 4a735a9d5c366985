/**
 * Podfile.lock (YAML, written by CocoaPods): `PODS` lists "Name (version)"
 * entries, each optionally a mapping to its dependencies ("Dep (~> 1.0)");
 * `DEPENDENCIES` lists what the Podfile declares. Subspecs ("Firebase/Core")
 * share their pod's version and are folded into the pod ("Firebase").
 * Ecosystem "CocoaPods" as OSV-Scanner names it (advisories for pods are few).
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { arr, isObject, yaml } from './common.ts';

const podName = (s: string): string => s.trim().split(' ')[0]!.split('/')[0]!;

export function parsePodfileLock(file: string, bytes: Uint8Array): Manifest {
  const doc = yaml(file, bytes);
  if (!Array.isArray(doc.PODS)) throw new ManifestError(file, 'not a Podfile.lock (no PODS list)');
  const versions = new Map<string, string>();
  const edges = new Map<string, Set<string>>();
  for (const item of doc.PODS) {
    const [head, deps] = isObject(item) ? (Object.entries(item)[0] ?? ['', []]) : [String(item), []];
    const m = /^(\S+) \(([^)]+)\)$/.exec(String(head).trim());
    if (!m) continue;
    const name = podName(m[1]!);
    versions.set(name, m[2]!);
    const set = edges.get(name) ?? new Set<string>();
    for (const d of arr(deps)) if (podName(String(d)) !== name) set.add(podName(String(d)));
    edges.set(name, set);
  }
  const declared = new Set(arr(doc.DEPENDENCIES).map((d) => podName(String(d))));
  const key = (n: string): string | undefined => (versions.has(n) ? pkgKey({ ecosystem: 'CocoaPods', name: n, version: versions.get(n)! }) : undefined);
  const inv = new Inventory(file);
  for (const [name, version] of versions) {
    inv.add({ ecosystem: 'CocoaPods', name, version, direct: declared.has(name), deps: [...(edges.get(name) ?? [])].map(key).filter((k): k is string => !!k) });
  }
  return { file, format: 'Podfile.lock', packages: inv.list(), notes: [] };
}
