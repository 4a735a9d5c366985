/**
 * Builders of test inputs in code: OSV advisories (real OSV JSON, written to
 * a folder the engine reads as --vuln-db), npm lockfiles of any size with a
 * dependency tree, and JARs with pom.properties (nested, for fat JARs).
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildZip } from '@citadel/engine-core';

export interface OsvSpec {
  id: string;
  aliases?: string[];
  ecosystem: string;
  name: string;
  introduced?: string;
  fixed?: string;
  /** CVSS v3 vector. */
  cvss?: string;
  severity?: 'LOW' | 'MODERATE' | 'HIGH' | 'CRITICAL';
  summary?: string;
  /** OSV affected[].ecosystem_specific (Go imports, affected_functions …). */
  ecosystemSpecific?: Record<string, unknown>;
}

export function osvJson(s: OsvSpec): Record<string, unknown> {
  return {
    schema_version: '1.6.0',
    id: s.id,
    modified: '2024-01-01T00:00:00Z',
    published: '2023-01-01T00:00:00Z',
    aliases: s.aliases ?? [],
    summary: s.summary ?? `${s.name} advisory ${s.id}`,
    ...(s.cvss ? { severity: [{ type: 'CVSS_V3', score: s.cvss }] } : {}),
    affected: [
      {
        package: { ecosystem: s.ecosystem, name: s.name },
        ranges: [{ type: s.ecosystem === 'Go' || s.ecosystem === 'npm' || s.ecosystem === 'crates.io' ? 'SEMVER' : 'ECOSYSTEM', events: [{ introduced: s.introduced ?? '0' }, ...(s.fixed ? [{ fixed: s.fixed }] : [])] }],
        ...(s.ecosystemSpecific ? { ecosystem_specific: s.ecosystemSpecific } : {}),
      },
    ],
    ...(s.severity ? { database_specific: { severity: s.severity } } : {}),
    references: [{ type: 'ADVISORY', url: `https://example.org/${s.id}` }],
  };
}

/** A temporary folder of OSV JSON files, as the CLI's --vuln-db reads it. */
export function osvFolder(specs: readonly OsvSpec[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sca-osv-'));
  mkdirSync(join(dir, 'osv'));
  for (const s of specs) writeFileSync(join(dir, 'osv', `${s.id}.json`), JSON.stringify(osvJson(s)));
  return dir;
}

/**
 * An npm v3 lockfile of `count` packages: `direct` of them declared by the
 * root, each other package required by an earlier one (a tree `fanout` wide),
 * plus the `extra` packages given, required by the first direct dependency.
 */
export function npmLockfile(count: number, opts: { direct?: number; fanout?: number; extra?: { name: string; version: string; dev?: boolean; license?: string }[] } = {}): string {
  const direct = Math.min(opts.direct ?? 20, count);
  const fanout = opts.fanout ?? 4;
  const packages: Record<string, Record<string, unknown>> = {};
  const names = Array.from({ length: count }, (_, i) => `pkg-${i}`);
  const deps = new Map<number, string[]>();
  for (let i = direct; i < count; i++) {
    const parent = Math.floor((i - direct) / fanout);
    deps.set(parent, [...(deps.get(parent) ?? []), names[i]!]);
  }
  for (const e of opts.extra ?? []) deps.set(0, [...(deps.get(0) ?? []), e.name]);
  const rootDeps = Object.fromEntries(names.slice(0, direct).map((n) => [n, '^1.0.0']));
  packages[''] = { name: 'generated', version: '1.0.0', dependencies: rootDeps };
  names.forEach((n, i) => {
    packages[`node_modules/${n}`] = { version: `1.${i % 50}.${i % 7}`, resolved: `https://registry.npmjs.org/${n}/-/${n}.tgz`, dependencies: Object.fromEntries((deps.get(i) ?? []).map((d) => [d, '*'])) };
  });
  for (const e of opts.extra ?? []) packages[`node_modules/${e.name}`] = { version: e.version, ...(e.dev ? { dev: true } : {}), ...(e.license ? { license: e.license } : {}) };
  return JSON.stringify({ name: 'generated', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2);
}

/** A JAR holding pom.properties of the given artifacts and, optionally, nested JARs (a Spring Boot / shaded layout). */
export function jarWith(artifacts: { groupId: string; artifactId: string; version: string }[], nested: { name: string; bytes: Buffer }[] = []): Buffer {
  return buildZip([
    { name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\n' },
    ...artifacts.map((a) => ({ name: `META-INF/maven/${a.groupId}/${a.artifactId}/pom.properties`, data: `groupId=${a.groupId}\nartifactId=${a.artifactId}\nversion=${a.version}\n` })),
    ...nested.map((n) => ({ name: n.name, data: n.bytes, method: 'stored' as const })),
  ]);
}
