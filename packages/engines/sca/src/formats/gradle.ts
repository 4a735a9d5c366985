/**
 * Gradle dependency locking and dependency verification (Gradle user manual,
 * "Locking dependency versions" and "Verifying dependencies").
 * gradle.lockfile: one "group:artifact:version=configuration,…" line per
 * resolved module, `#` comments, and "empty=…" for configurations with none.
 * A module locked only for test configurations is dev. The lockfile does not
 * say which modules the build declares (direct is unknown).
 * verification-metadata.xml: <component group name version> for every
 * artifact the build downloaded (build plugins included), so it is an
 * inventory of what the build used, without scope.
 */
import { Inventory, type Manifest, ManifestError } from '../model.ts';
import { arr, obj, str, text } from './common.ts';
import { parseXml } from './xml.ts';

const isTestConfiguration = (c: string): boolean => /^test|Test[A-Z]|^androidTest|UnitTest|^testFixtures/.test(c);

export function parseGradleLockfile(file: string, bytes: Uint8Array): Manifest {
  const inv = new Inventory(file);
  const notes: string[] = [];
  let lines = 0;
  for (const raw of text(file, bytes).split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    lines++;
    const m = /^([^:=\s]+):([^:=\s]+):([^:=\s]+)(?:=(.*))?$/.exec(line);
    if (!m) {
      if (!/^empty=/.test(line)) notes.push(`line not understood: ${line.slice(0, 120)}`);
      continue;
    }
    const configs = (m[4] ?? '').split(',').map((c) => c.trim()).filter(Boolean);
    inv.add({ ecosystem: 'Maven', name: `${m[1]}:${m[2]}`, version: m[3]!, deps: [], ...(configs.length > 0 ? { dev: configs.every(isTestConfiguration) } : {}) });
  }
  if (lines > 0 && inv.list().length === 0 && notes.length === lines) throw new ManifestError(file, 'not a gradle.lockfile (no group:artifact:version lines)');
  return { file, format: 'gradle.lockfile', packages: inv.list(), notes: notes.slice(0, 20) };
}

export function parseGradleVerificationMetadata(file: string, bytes: Uint8Array): Manifest {
  const doc = parseXml(file, bytes, new Set(['component']));
  const root = doc['verification-metadata'];
  if (root === undefined) throw new ManifestError(file, 'not Gradle verification metadata (no <verification-metadata>)');
  const inv = new Inventory(file);
  for (const c of arr(obj(obj(root).components).component).map(obj)) {
    const group = str(c['@group']);
    const name = str(c['@name']);
    const version = str(c['@version']);
    if (group && name && version) inv.add({ ecosystem: 'Maven', name: `${group}:${name}`, version });
  }
  return { file, format: 'verification-metadata.xml', packages: inv.list(), notes: ['verification metadata lists every artifact the build downloaded, build plugins included; scope is not recorded'] };
}
