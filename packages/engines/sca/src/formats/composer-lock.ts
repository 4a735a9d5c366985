/**
 * composer.lock (JSON): `packages` and `packages-dev`. Platform requirements
 * (php, ext-*, lib-*) are not packages. composer.lock does not mark the root's
 * requirements: packages nothing else requires are taken as direct.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { arr, json, obj, str } from './common.ts';

const PLATFORM = /^(?:php|hhvm|composer(?:-plugin-api|-runtime-api)?|ext-.+|lib-.+)$/i;

export function parseComposerLock(file: string, bytes: Uint8Array): Manifest {
  const doc = json(file, bytes);
  if (!Array.isArray(doc.packages) && !Array.isArray(doc['packages-dev'])) throw new ManifestError(file, 'not a composer.lock (no packages list)');
  const entries = [...arr(doc.packages).map((p) => ({ p: obj(p), dev: false })), ...arr(doc['packages-dev']).map((p) => ({ p: obj(p), dev: true }))];
  const byName = new Map<string, string>();
  for (const { p } of entries) {
    const name = str(p.name);
    const version = str(p.version);
    if (name && version) byName.set(name.toLowerCase(), pkgKey({ ecosystem: 'Packagist', name, version: version.replace(/^v(?=\d)/, '') }));
  }
  const inv = new Inventory(file);
  const depended = new Set<string>();
  for (const { p, dev } of entries) {
    const name = str(p.name);
    const version = str(p.version);
    if (!name || !version) continue;
    const deps = Object.keys(obj(p.require))
      .filter((n) => !PLATFORM.test(n))
      .map((n) => byName.get(n.toLowerCase()))
      .filter((k): k is string => !!k);
    for (const d of deps) depended.add(d);
    const pkg = { ecosystem: 'Packagist' as const, name, version: version.replace(/^v(?=\d)/, ''), dev, deps };
    if (!/^\d/.test(pkg.version)) Object.assign(pkg, { version: '', unresolved: `branch or commit ${version.slice(0, 60)}` });
    inv.add(pkg);
  }
  for (const p of inv.list()) p.direct = !depended.has(pkgKey(p));
  return { file, format: 'composer.lock', packages: inv.list(), notes: ['composer.lock does not record the root requirements: packages nothing else requires are taken as direct'] };
}
