/**
 * Gemfile.lock: the `specs:` of the GEM, GIT and PATH sections ("    name
 * (version[-platform])" with its dependencies six spaces in) and the
 * DEPENDENCIES section, which names the direct gems. PATH gems are the
 * project's own code.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { text } from './common.ts';

export function parseGemfileLock(file: string, bytes: Uint8Array): Manifest {
  const lines = text(file, bytes).split(/\r?\n/);
  let section = '';
  let inSpecs = false;
  const specs: { name: string; version: string; deps: string[]; local: boolean }[] = [];
  const direct = new Set<string>();
  for (const line of lines) {
    if (/^[A-Z]/.test(line)) {
      section = line.trim();
      inSpecs = false;
      continue;
    }
    if (line.trim() === 'specs:') {
      inSpecs = true;
      continue;
    }
    if (section === 'DEPENDENCIES') {
      const m = /^ {2}([^\s!(]+)/.exec(line);
      if (m) direct.add(m[1]!);
      continue;
    }
    if (!inSpecs) continue;
    const spec = /^ {4}([^\s(]+) \(([^)]+)\)$/.exec(line);
    if (spec) {
      // "1.10.4-x86_64-linux": RubyGems versions have no '-', the rest is the platform.
      specs.push({ name: spec[1]!, version: spec[2]!.split('-')[0]!, deps: [], local: section === 'PATH' });
      continue;
    }
    const dep = /^ {6}([^\s(]+)/.exec(line);
    if (dep && specs.length > 0) specs[specs.length - 1]!.deps.push(dep[1]!);
  }
  if (specs.length === 0 && !lines.some((l) => /^(GEM|GIT|PATH|DEPENDENCIES)$/.test(l.trim()))) throw new ManifestError(file, 'not a Gemfile.lock (no GEM, GIT, PATH or DEPENDENCIES section)');
  const byName = new Map(specs.map((s) => [s.name, pkgKey({ ecosystem: 'RubyGems', name: s.name, version: s.version })]));
  const inv = new Inventory(file);
  for (const s of specs) {
    if (s.local) continue;
    const deps = s.deps.map((d) => byName.get(d)).filter((k): k is string => !!k);
    inv.add({ ecosystem: 'RubyGems', name: s.name, version: s.version, direct: direct.has(s.name), deps });
  }
  return { file, format: 'Gemfile.lock', packages: inv.list(), notes: [] };
}
