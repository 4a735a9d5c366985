/**
 * Package.resolved (Swift Package Manager, JSON). Version 1:
 * {object: {pins: [{package, repositoryURL, state: {version, revision, branch}}]}};
 * versions 2 and 3: {pins: [{identity, kind, location, state}]}. OSV's SwiftURL
 * ecosystem names a package by its repository URL without scheme and ".git"
 * ("github.com/apple/swift-nio"). A pin on a branch or revision has no
 * version: reported unresolved. The file records no edges nor direct deps.
 */
import { Inventory, type Manifest, ManifestError } from '../model.ts';
import { arr, isObject, json, obj, str } from './common.ts';

export function swiftUrlName(url: string): string {
  return url
    .trim()
    .replace(/^[a-z+]+:\/\//i, '')
    .replace(/^[^@/]+@([^:/]+):/, '$1/') // git@github.com:owner/repo
    .replace(/^[^@/]+@/, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
}

export function parsePackageResolved(file: string, bytes: Uint8Array): Manifest {
  const doc = json(file, bytes);
  const pins = isObject(doc.object) ? arr(doc.object.pins) : arr(doc.pins);
  if (doc.version === undefined || (!Array.isArray(doc.pins) && !isObject(doc.object))) throw new ManifestError(file, 'not a Package.resolved (no version or pins)');
  const inv = new Inventory(file);
  for (const pin of pins.map(obj)) {
    if (pin.kind !== undefined && pin.kind !== 'remoteSourceControl') continue; // local packages are the project's own
    const url = str(pin.location) ?? str(pin.repositoryURL);
    if (!url) continue;
    const state = obj(pin.state);
    const version = str(state.version);
    if (version) inv.add({ ecosystem: 'SwiftURL', name: swiftUrlName(url), version });
    else inv.add({ ecosystem: 'SwiftURL', name: swiftUrlName(url), version: '', unresolved: `pinned to ${str(state.branch) ? `branch ${state.branch}` : `revision ${(str(state.revision) ?? '?').slice(0, 12)}`}` });
  }
  return { file, format: 'Package.resolved', packages: inv.list(), notes: [] };
}
