/**
 * pubspec.lock (YAML, written by `dart pub` / `flutter pub`): `packages` maps
 * each package to its `dependency` kind — "direct main", "direct dev",
 * "direct overridden" or "transitive" — `source` (hosted, git, path, sdk) and
 * `version`. The lockfile records no edges, so a transitive package's scope
 * is unknown (left production). SDK packages (flutter itself) are versioned
 * with the SDK, not on pub.dev: kept, as OSV's Pub ecosystem does not cover
 * them they simply match nothing.
 */
import { Inventory, type Manifest, ManifestError } from '../model.ts';
import { isObject, obj, str, text, yaml } from './common.ts';

export function parsePubspecLock(file: string, bytes: Uint8Array): Manifest {
  // An empty lockfile (no dependencies resolved yet) locks nothing.
  if (/^(?:\s|#[^\n]*)*$/.test(text(file, bytes))) return { file, format: 'pubspec.lock', packages: [], notes: [] };
  const doc = yaml(file, bytes);
  if (!('packages' in doc) && !('sdks' in doc)) throw new ManifestError(file, 'not a pubspec.lock (no packages or sdks)');
  const inv = new Inventory(file);
  const notes: string[] = [];
  for (const [name, raw] of Object.entries(isObject(doc.packages) ? doc.packages : {})) {
    const e = obj(raw);
    const kind = str(e.dependency) ?? '';
    const version = e.version === undefined ? '' : String(e.version);
    const direct = kind.startsWith('direct');
    const dev = kind === 'direct dev';
    if (!version) inv.add({ ecosystem: 'Pub', name, version: '', direct, dev, unresolved: `no version (${str(e.source) ?? 'unknown'} source)` });
    else inv.add({ ecosystem: 'Pub', name, version, direct, dev });
    if (e.source === 'git') notes.push(`${name}: from git (${str(obj(obj(e.description)).url) ?? '?'}), its version may not be a pub.dev release`);
  }
  return { file, format: 'pubspec.lock', packages: inv.list(), notes };
}
