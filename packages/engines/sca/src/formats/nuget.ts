/**
 * NuGet (Microsoft Learn, "Locking dependencies" and "PackageReference in
 * project files"). packages.lock.json: per target framework, every package
 * with `type` Direct / Transitive / CentralTransitive / Project, `resolved`
 * and its `dependencies` (name → range, resolved within the same framework).
 * Project references are the solution's own projects, not components.
 * .csproj/.fsproj/.vbproj: <PackageReference Include|Update Version> (attribute
 * or child element), $(Property) versions from the project's PropertyGroups;
 * no version = central package management, reported unresolved. Ranges
 * ("[1.0,2.0)") are unresolved; a bare "1.2.3" means "≥ 1.2.3" to NuGet but
 * restores exactly that version when it exists, so it is taken as the version.
 * packages.config (the older format): <package id version developmentDependency>.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { arr, isObject, json, obj, str } from './common.ts';
import { parseXml } from './xml.ts';

export function parseNugetLock(file: string, bytes: Uint8Array): Manifest {
  const doc = json(file, bytes);
  if (doc.version === undefined || !isObject(doc.dependencies)) throw new ManifestError(file, 'not a NuGet packages.lock.json (no version or dependencies)');
  const inv = new Inventory(file);
  for (const fw of Object.values(doc.dependencies)) {
    const pkgs = obj(fw);
    // Names are case-insensitive in NuGet; a dependency may be spelled differently from its entry.
    const byLower = new Map(Object.keys(pkgs).map((k) => [k.toLowerCase(), k]));
    const target = (n: string): string | undefined => {
      const k = byLower.get(n.toLowerCase());
      const e = obj(k ? pkgs[k] : undefined);
      const v = str(e.resolved);
      return k && v && e.type !== 'Project' ? pkgKey({ ecosystem: 'NuGet', name: k, version: v }) : undefined;
    };
    for (const [name, raw] of Object.entries(pkgs)) {
      const e = obj(raw);
      const version = str(e.resolved);
      if (e.type === 'Project' || !version) continue;
      const deps = Object.keys(obj(e.dependencies)).map(target).filter((k): k is string => !!k);
      inv.add({ ecosystem: 'NuGet', name, version, direct: e.type === 'Direct', deps });
    }
  }
  return { file, format: 'packages.lock.json', packages: inv.list(), notes: [] };
}

const RANGE = /^[[(]/;

export function parseCsproj(file: string, bytes: Uint8Array): Manifest {
  const doc = parseXml(file, bytes, new Set(['ItemGroup', 'PropertyGroup', 'PackageReference']));
  if (!isObject(doc.Project)) throw new ManifestError(file, 'not an MSBuild project (no <Project>)');
  const project = doc.Project;
  const props: Record<string, string> = {};
  for (const g of arr(project.PropertyGroup).map(obj)) for (const [k, v] of Object.entries(g)) if (typeof v === 'string' && !k.startsWith('@')) props[k] = v;
  const inv = new Inventory(file);
  const notes: string[] = [];
  for (const group of arr(project.ItemGroup).map(obj)) {
    for (const r of arr(group.PackageReference).map(obj)) {
      const name = str(r['@Include']) ?? str(r['@Update']);
      if (!name) continue;
      const raw = (str(r['@Version']) ?? str(r.Version) ?? str(r['@VersionOverride']) ?? '').trim();
      // PrivateAssets="all" is how analyzers and build tools are referenced: they do not flow to consumers.
      const dev = (str(r['@PrivateAssets']) ?? str(r.PrivateAssets) ?? '').toLowerCase() === 'all';
      const expanded = raw.replace(/\$\(([^)]+)\)/g, (_, k: string) => props[k] ?? `$(${k})`);
      // "[1.2.3]" is NuGet's exact-version notation.
      const version = /^\[\s*([^,\]]+?)\s*\]$/.exec(expanded)?.[1] ?? expanded;
      if (!raw) inv.add({ ecosystem: 'NuGet', name, version: '', direct: true, dev, unresolved: 'no version in the project (central package management: Directory.Packages.props)' });
      else if (version.includes('$(')) inv.add({ ecosystem: 'NuGet', name, version: '', direct: true, dev, unresolved: `unknown property in ${raw}` });
      else if (RANGE.test(version) || version.includes('*')) inv.add({ ecosystem: 'NuGet', name, version: '', direct: true, dev, unresolved: `version range ${version}` });
      else inv.add({ ecosystem: 'NuGet', name, version: version.trim(), direct: true, dev });
    }
  }
  notes.push('a project file lists the direct packages only: transitive ones are in packages.lock.json (enable RestorePackagesWithLockFile) or the restore output');
  return { file, format: '.csproj', packages: inv.list(), notes };
}

export function parsePackagesConfig(file: string, bytes: Uint8Array): Manifest {
  const doc = parseXml(file, bytes, new Set(['package']));
  if (doc.packages === undefined) throw new ManifestError(file, 'not a NuGet packages.config (no <packages>)');
  const inv = new Inventory(file);
  for (const p of arr(obj(doc.packages).package).map(obj)) {
    const name = str(p['@id']);
    const version = str(p['@version']);
    if (name && version) inv.add({ ecosystem: 'NuGet', name, version, dev: str(p['@developmentDependency']) === 'true' });
  }
  return { file, format: 'packages.config', packages: inv.list(), notes: ['packages.config lists every installed package without telling direct from transitive'] };
}
