/**
 * Installed-package databases of a Linux root file system.
 * dpkg status (var/lib/dpkg/status; Debian Policy §5 control-file syntax):
 * blank-line separated stanzas with Package, Status, Version and, when it
 * differs from the binary package, Source "name" or "name (version)". OSV's
 * Debian and Ubuntu advisories are per source package and source version, so
 * those are what is recorded. Only "install ok installed" stanzas count
 * (removed packages leave "deinstall ok config-files" stanzas behind).
 * apk installed (lib/apk/db/installed; apk-tools' database format): stanzas
 * of "X:value" lines — P name, V version, o origin (source) package. Alpine's
 * secdb and OSV are per origin package.
 * The release for OSV's ecosystem ("Debian:12", "Alpine:v3.18") comes from
 * the image's etc/os-release (or usr/lib/os-release) when the input has it;
 * without it the ecosystem is the bare distribution name and a note says so.
 */
import { Inventory, type Manifest, ManifestError, type Ecosystem } from '../model.ts';
import { text } from './common.ts';

export interface OsRelease {
  id: string;
  versionId?: string;
  version?: string;
}

export function parseOsRelease(src: string): OsRelease | undefined {
  const v: Record<string, string> = {};
  for (const line of src.split(/\r?\n/)) {
    const m = /^([A-Z_]+)=(?:"([^"]*)"|'([^']*)'|(.*))$/.exec(line.trim());
    if (m) v[m[1]!] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return v.ID ? { id: v.ID.toLowerCase(), ...(v.VERSION_ID ? { versionId: v.VERSION_ID } : {}), ...(v.VERSION ? { version: v.VERSION } : {}) } : undefined;
}

function stanzas(src: string): string[][] {
  return src.split(/\r?\n[ \t]*\r?\n/).map((s) => s.split(/\r?\n/).filter((l) => l.length > 0)).filter((s) => s.length > 0);
}

function debianEcosystem(os: OsRelease | undefined, notes: string[]): Ecosystem {
  if (os?.id === 'ubuntu' && os.versionId) return `Ubuntu:${os.versionId}${/LTS/.test(os.version ?? '') ? ':LTS' : ''}`;
  if (os?.id === 'debian' && os.versionId) return `Debian:${os.versionId}`;
  if (os?.id === 'ubuntu') return 'Ubuntu';
  notes.push(os ? `os-release says ${os.id} ${os.versionId ?? ''}: matched as Debian without a release` : 'no etc/os-release in the input: the Debian release is unknown, advisories are matched without it');
  return 'Debian';
}

export function parseDpkgStatus(file: string, bytes: Uint8Array, os?: OsRelease): Manifest {
  const src = text(file, bytes);
  const notes: string[] = [];
  const eco = debianEcosystem(os, notes);
  const inv = new Inventory(file);
  let seen = 0;
  for (const st of stanzas(src)) {
    const f: Record<string, string> = {};
    for (const line of st) {
      if (/^[ \t]/.test(line)) continue; // continuation of a multi-line field (Description, Conffiles)
      const m = /^([A-Za-z0-9][A-Za-z0-9-]*):\s*(.*)$/.exec(line);
      if (m) f[m[1]!.toLowerCase()] = m[2]!.trim();
    }
    if (!f.package && !f.source) continue;
    seen++;
    if (!/\binstalled$/.test(f.status ?? '') || /half-installed$/.test(f.status ?? '')) continue;
    const sm = /^(\S+)(?:\s+\(([^)]+)\))?$/.exec(f.source ?? '');
    const name = sm?.[1] ?? f.package!;
    const version = sm?.[2] ?? f.version;
    if (version) inv.add({ ecosystem: eco, name, version });
    else inv.add({ ecosystem: eco, name, version: '', unresolved: 'the status stanza has no Version' });
  }
  if (seen === 0 && src.trim() !== '') throw new ManifestError(file, 'not a dpkg status file (no Package: stanzas)');
  return { file, format: 'dpkg status', packages: inv.list(), notes };
}

export function parseApkInstalled(file: string, bytes: Uint8Array, os?: OsRelease): Manifest {
  const src = text(file, bytes);
  const notes: string[] = [];
  // OSV names Alpine releases "v<major>.<minor>" (os-release VERSION_ID is "3.18.4").
  const rel = os?.id === 'alpine' && os.versionId ? /^(\d+\.\d+)/.exec(os.versionId)?.[1] : undefined;
  const eco: Ecosystem = rel ? `Alpine:v${rel}` : 'Alpine';
  if (!rel) notes.push('no Alpine etc/os-release in the input: the Alpine release is unknown, advisories are matched without it');
  const inv = new Inventory(file);
  let seen = 0;
  for (const st of stanzas(src)) {
    const f: Record<string, string> = {};
    for (const line of st) if (line[1] === ':') f[line[0]!] ??= line.slice(2);
    if (!f.P) continue;
    seen++;
    if (f.V) inv.add({ ecosystem: eco, name: f.o || f.P, version: f.V });
    else inv.add({ ecosystem: eco, name: f.o || f.P, version: '', unresolved: 'the database entry has no V: line' });
  }
  if (seen === 0 && src.trim() !== '') throw new ManifestError(file, 'not an apk installed database (no P: lines)');
  return { file, format: 'apk installed', packages: inv.list(), notes };
}
