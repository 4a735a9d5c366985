import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildZip, deflateBomb, EngineInputError, catalogueProblems, missingTranslations } from '@citadel/engine-core';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { SCA_CATALOGUE, type ScaTarget, engine } from './index.ts';
import { jarWith, npmLockfile, osvFolder } from './testing/index.ts';
import { goBuildInfo, minimalElf } from './formats/test-builders.ts';

const VULNS = osvFolder([
  { id: 'GHSA-aaaa-bbbb-cccc', aliases: ['CVE-2099-0001'], ecosystem: 'npm', name: 'left-pad', introduced: '0', fixed: '1.3.0', cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
  { id: 'GHSA-dddd-eeee-ffff', ecosystem: 'npm', name: 'left-pad', introduced: '1.0.0', fixed: '1.3.2', severity: 'MODERATE' },
  { id: 'PYSEC-2099-1', aliases: ['CVE-2099-0002'], ecosystem: 'PyPI', name: 'django', introduced: '2.0', fixed: '2.2.10', severity: 'HIGH' },
  { id: 'GO-2099-0001', ecosystem: 'Go', name: 'golang.org/x/text', introduced: '0', fixed: '0.3.8', severity: 'LOW' },
  { id: 'GHSA-jjjj-kkkk-llll', ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core', introduced: '2.0', fixed: '2.15.0', severity: 'CRITICAL' },
]);

function project(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sca-proj-'));
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), data);
  }
  return dir;
}

const run = (path: string, name: string, vulnDb: string | undefined = VULNS) => engine.run({ files: [{ path, name }] }, vulnDb ? { vulnData: { kind: 'folder', path: vulnDb } } : {}, {});

describe('sca engine', () => {
  it('has a valid catalogue in four languages', () => {
    expect(catalogueProblems(SCA_CATALOGUE.items)).toEqual([]);
    expect(missingTranslations(SCA_CATALOGUE.items)).toEqual([]);
  });

  it('assesses a project folder: components, merged ids, paths, verified minimal upgrade, severities', async () => {
    const dir = project({
      'package-lock.json': npmLockfile(30, { direct: 3, extra: [{ name: 'left-pad', version: '1.1.0' }] }),
      'api/requirements.txt': 'Django==2.1.0\nrequests>=2\n',
      'svc/go.mod': 'module x\n\ngo 1.21\n\nrequire golang.org/x/text v0.3.6\n',
      'svc/vendor/ignored/go.mod': 'module y\nrequire golang.org/x/text v0.1.0\n',
      'node_modules/left-pad/package-lock.json': '{ broken',
      'libs/app.jar': jarWith([{ groupId: 'com.ex', artifactId: 'app', version: '1.0' }], [{ name: 'BOOT-INF/lib/log4j-core-2.14.1.jar', bytes: jarWith([{ groupId: 'org.apache.logging.log4j', artifactId: 'log4j-core', version: '2.14.1' }]) }]),
    });
    const a = await run(dir, 'proj');
    const t = a.target as unknown as ScaTarget;
    expect(t.manifests.map((m) => m.file).sort()).toEqual(['api/requirements.txt', 'libs/app.jar', 'package-lock.json', 'svc/go.mod']);
    expect(t.components.length).toBe(30 + 1 + 2 + 2 + 2);
    const lp = t.components.find((c) => c.name === 'left-pad')!;
    expect(lp.direct).toBe(false);
    expect(lp.paths[0]).toEqual(['pkg-0@1.0.0', 'left-pad@1.1.0']);
    expect(lp.vulnerabilities.sort()).toEqual(['CVE-2099-0001', 'GHSA-dddd-eeee-ffff']);
    // 1.3.0 fixes the first advisory only; 1.3.2 fixes both, and the data confirms it.
    expect(lp.fix).toBe('1.3.2');
    expect(lp.fixClean).toBe(true);
    const merged = t.vulnerabilities.find((v) => v.id === 'CVE-2099-0001')!;
    expect(merged.ids).toEqual(['CVE-2099-0001', 'GHSA-aaaa-bbbb-cccc']);
    expect(merged.level).toBe('critical');
    const log4j = t.components.find((c) => c.name === 'org.apache.logging.log4j:log4j-core')!;
    expect(log4j.paths[0]).toEqual(['com.ex:app@1.0', 'org.apache.logging.log4j:log4j-core@2.14.1']);
    expect(t.components.find((c) => c.name === 'requests')!.unresolved).toMatch(/>=2/);
    const failed = (id: string) => a.findings.find((f) => f.ruleId === id)!;
    expect(failed('sca.vulnerabilities.critical').result).toBe('fail');
    expect(failed('sca.vulnerabilities.critical').evidence.map((e) => e.snippet).sort()).toEqual(['CVE-2099-0001 left-pad@1.1.0', 'GHSA-jjjj-kkkk-llll org.apache.logging.log4j:log4j-core@2.14.1']);
    expect(failed('sca.vulnerabilities.high').evidence[0]!.snippet).toBe('CVE-2099-0002 Django@2.1.0');
    expect(failed('sca.vulnerabilities.low').evidence[0]!.snippet).toBe('GO-2099-0001 golang.org/x/text@v0.3.6');
    expect(failed('sca.inventory.unpinned').result).toBe('find_problem');
  });

  it('passes a clean lockfile and says so when no vulnerability data is configured', async () => {
    const dir = project({ 'package-lock.json': npmLockfile(5, { extra: [{ name: 'left-pad', version: '1.3.2' }] }) });
    const clean = await run(join(dir, 'package-lock.json'), 'package-lock.json');
    expect(clean.findings.find((f) => f.ruleId === 'sca.vulnerabilities.critical')!.result).toBe('pass');
    const none = await run(join(dir, 'package-lock.json'), 'package-lock.json', '');
    expect(none.findings.find((f) => f.ruleId === 'sca.vulnerabilities.critical')!.result).toBe('not_executed');
    expect((none.target as unknown as ScaTarget).matched).toBe(false);
  });

  it('reads a zip of a project, lists unreadable manifests and refuses hostile input clearly', async () => {
    const dir = project({});
    const zip = join(dir, 'p.zip');
    writeFileSync(zip, buildZip([
      { name: 'web/package-lock.json', data: npmLockfile(2, { extra: [{ name: 'left-pad', version: '1.0.0' }] }) },
      { name: 'pom.xml', data: '<!DOCTYPE x [<!ENTITY a "b">]><project/>' },
      { name: 'Cargo.lock', data: 'name = "unterminated\n' },
    ]));
    const a = await run(zip, 'p.zip');
    expect(a.unreadable.map((u) => u.file).sort()).toEqual(['Cargo.lock', 'pom.xml']);
    expect(a.unreadable.find((u) => u.file === 'pom.xml')!.reason).toMatch(/DOCTYPE/);
    expect((a.target as unknown as ScaTarget).components.find((c) => c.name === 'left-pad')!.vulnerabilities.length).toBe(2);

    const bomb = join(dir, 'bomb.zip');
    writeFileSync(bomb, buildZip([{ name: 'package-lock.json', rawData: deflateBomb(80), declaredUncompressedSize: 80 << 20 }]));
    await expect(run(bomb, 'bomb.zip')).rejects.toThrow(/over the limit/);
    const empty = join(dir, 'empty.zip');
    writeFileSync(empty, buildZip([{ name: 'README.md', data: 'hi' }]));
    await expect(run(empty, 'empty.zip')).rejects.toThrow(EngineInputError);
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'hello');
    await expect(run(text, 'notes.txt')).rejects.toThrow(/not a lockfile/);
    const only = join(dir, 'yarn.lock');
    writeFileSync(only, '  orphan "1"\n');
    await expect(run(only, 'yarn.lock')).rejects.toThrow(/no manifest could be read/);
  });

  it('reads a tarball of a project (node_modules inside skipped)', async () => {
    const dir = project({ 'app/Gemfile.lock': 'GEM\n  specs:\n    rack (2.0.6)\n\nDEPENDENCIES\n  rack\n', 'app/node_modules/x/package-lock.json': '{' });
    const out = join(mkdtempSync(join(tmpdir(), 'sca-tgz-')), 'p.tar.gz');
    execFileSync('tar', ['czf', out, '-C', dir, '.']);
    const a = await run(out, 'p.tar.gz');
    const t = a.target as unknown as ScaTarget;
    expect(t.manifests.map((m) => m.file)).toEqual(['app/Gemfile.lock']);
    expect(t.components.map((c) => c.purl)).toEqual(['pkg:gem/rack@2.0.6']);
    expect(a.unreadable).toEqual([]);
  });

  it('takes a single executable given alone: its Go build info lists the components', async () => {
    const lines = 'path\texample.com/app\nmod\texample.com/app\t(devel)\t\ndep\tgolang.org/x/text\tv0.3.6\th1:abc=\n';
    const elf = minimalElf([{ name: '.text', data: new Uint8Array(100) }, { name: '.go.buildinfo', data: goBuildInfo('go1.21.10', lines) }]);
    expect(engine.accepts('app', elf.subarray(0, 64))).toBe('sca');
    expect(engine.accepts('notes.txt', new TextEncoder().encode('hello'))).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'sca-bin-'));
    writeFileSync(join(dir, 'app'), elf, { mode: 0o755 });
    const a = await run(join(dir, 'app'), 'app', undefined);
    expect((a.target as unknown as ScaTarget).components.map((c) => `${c.name}@${c.version}`).sort()).toEqual(['golang.org/x/text@v0.3.6', 'stdlib@1.21.10']);
  });

  it('handles dependency cycles', async () => {
    const lock = { lockfileVersion: 3, packages: { '': { dependencies: { a: '1' } }, 'node_modules/a': { version: '1.0.0', dependencies: { b: '1' } }, 'node_modules/b': { version: '1.0.0', dependencies: { a: '1' } } } };
    const dir = project({ 'package-lock.json': JSON.stringify(lock) });
    const t = (await run(join(dir, 'package-lock.json'), 'package-lock.json')).target as unknown as ScaTarget;
    expect(t.components.map((c) => c.paths[0]!.join(' > '))).toEqual(['a@1.0.0', 'a@1.0.0 > b@1.0.0']);
  });

  it('writes a CycloneDX 1.6 SBOM that validates against the official schema', async () => {
    const dir = project({ 'package-lock.json': npmLockfile(10, { extra: [{ name: 'left-pad', version: '1.1.0', dev: true }] }), 'requirements.txt': 'flask>=1\n' });
    const t = (await run(dir, 'proj')).target as unknown as ScaTarget;
    const require = createRequire(import.meta.url);
    const schemaDir = join(dirname(require.resolve('@cyclonedx/cyclonedx-library/package.json')), 'res/schema');
    const ajv = new Ajv({ strict: false, validateFormats: true, logger: false, code: { optimize: false } });
    (addFormats as unknown as (a: Ajv) => void)(ajv);
    for (const f of ['spdx.SNAPSHOT.schema.json', 'jsf-0.82.SNAPSHOT.schema.json', 'cryptography-defs.SNAPSHOT.schema.json']) ajv.addSchema(JSON.parse(await readFile(join(schemaDir, f), 'utf8')), `http://cyclonedx.org/schema/${f}`);
    const validate = ajv.compile(JSON.parse(await readFile(join(schemaDir, 'bom-1.6.SNAPSHOT.schema.json'), 'utf8')));
    const ok = validate(t.sbom);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    const sbom = t.sbom as { components: { purl?: string; scope: string }[]; vulnerabilities: { id: string; affects: { ref: string }[] }[]; dependencies: { ref: string; dependsOn: string[] }[] };
    expect(sbom.components.find((c) => c.purl === 'pkg:npm/left-pad@1.1.0')!.scope).toBe('optional');
    expect(sbom.vulnerabilities.map((v) => v.id).sort()).toEqual(['CVE-2099-0001', 'GHSA-dddd-eeee-ffff']);
    expect(sbom.dependencies.find((d) => d.ref === 'npm|pkg-0@1.0.0')!.dependsOn).toContain('npm|left-pad@1.1.0');
  });
});
