import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip, deflateBomb } from '@citadel/engine-core';
import { createRegistry, presetValues, validateStrategy } from '@citadel/shield-core';
import { unzipSync } from 'fflate';
import { compileProject } from './compile.ts';
import { MAX_PATTERN_FILES, packageEntries } from './entries.ts';
import { sourceShield } from './index.ts';
import { cjsExportNames, obfuscateScript } from './obfuscate.ts';
import { readProject, writeTree } from './project-io.ts';
import { protectProject } from './protect.ts';
import { buildTestProject, testProjectFiles } from './test-inputs.ts';

const work = mkdtempSync(path.join(tmpdir(), 'shield-source-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const preset = (id: string) => presetValues(sourceShield.schema, sourceShield.defaults.find((d) => d.id === id)!);
const mapOf = (files: Record<string, string>) => new Map(Object.entries(files).map(([k, v]) => [k, Buffer.from(v)]));
let n = 0;
const dirOf = async (files: Map<string, Buffer>) => {
  const dir = path.join(work, `tree-${n++}`);
  await writeTree(dir, files);
  return dir;
};
const write = (name: string, data: Buffer | string) => {
  const p = path.join(work, name);
  writeFileSync(p, data);
  return p;
};

describe('source strategy data and entry points', () => {
  it('registers with valid presets and refuses bad values', () => {
    expect(createRegistry([sourceShield]).get('source')?.defaults.map((d) => d.id)).toEqual(['source.light', 'source.balanced', 'source.strong']);
    expect(validateStrategy(sourceShield.schema, { binArgs: '--help; rm -rf /' }).ok).toBe(false);
    expect(validateStrategy(sourceShield.schema, { testCommand: 'npm test\nrm -rf /' }).ok).toBe(false);
    expect(validateStrategy(sourceShield.schema, { domainLock: ['example.com'] }).ok).toBe(false);
    // nothing that assumes a browser is offered
    expect(sourceShield.schema.options.map((o) => o.key)).not.toEqual(expect.arrayContaining(['debugProtection']));
  });

  it('finds main, exports by condition and bin, each loaded as its consumers load it', () => {
    // as after the TypeScript step (dist/ is what the wildcard subpath matches)
    const { entries, patterns } = packageEntries(mapOf({ ...testProjectFiles(), 'dist/index.js': '', 'dist/rounding.js': '' }));
    expect(entries.map((e) => `${e.mode} ${e.target}`)).toEqual([
      'import lib/esm.mjs',
      'require dist/index.js',
      'import lib/format.mjs',
      'import dist/index.js',
      'require dist/rounding.js',
      'import dist/rounding.js',
      'bin bin/price-kit.js',
    ]);
    expect(entries.find((e) => e.target === 'dist/rounding.js')?.label).toBe('exports[./dist/*] → dist/rounding.js');
    expect(patterns).toEqual([]);
    // wildcard subpaths expand over the project's scripts (the * may span folders), never outside it
    const wild = (exports: unknown, extra: Record<string, string> = {}) =>
      packageEntries(mapOf({ 'package.json': JSON.stringify({ type: 'module', exports }), 'x/a.js': '', 'x/sub/b.js': '', 'x/c.d.ts': '', 'x/a.js.map': '', 'x/node_modules/d/index.js': '', ...extra }));
    const star = wild({ './*': './x/*.js', './a': '../../etc/passwd', './up/*': '../*.js' });
    expect(star).toEqual({ entries: [{ label: 'exports[./*] → x/a.js', target: 'x/a.js', mode: 'import' }, { label: 'exports[./*] → x/sub/b.js', target: 'x/sub/b.js', mode: 'import' }], patterns: [] });
    expect(wild({ './x/*': { require: './x/*.cjs' } }, { 'x/e.cjs': '' }).entries).toEqual([{ label: 'exports[./x/*][require] → x/e.cjs', target: 'x/e.cjs', mode: 'require' }]);
    const many = Object.fromEntries(Array.from({ length: MAX_PATTERN_FILES + 5 }, (_, i) => [`m/f${String(i).padStart(3, '0')}.js`, '']));
    const capped = wild({ './m/*': './m/*.js' }, many);
    expect(capped.entries).toHaveLength(MAX_PATTERN_FILES);
    expect(capped.patterns).toEqual([`exports[./m/*]: ${MAX_PATTERN_FILES + 5} files`]);
  });
});

describe('compile and protect', () => {
  it('compiles with the project tsconfig, obfuscates own scripts, keeps node_modules, removes TS sources and maps', async () => {
    const files = mapOf(testProjectFiles());
    const c = compileProject(await dirOf(files), [...files.keys()]);
    expect([...c.emitted.keys()].sort()).toEqual(['dist/index.d.ts', 'dist/index.js', 'dist/rounding.d.ts', 'dist/rounding.js']);
    expect(c.sources.sort()).toEqual(['src/index.ts', 'src/rounding.ts']);
    const compiled = new Map([...files, ...[...c.emitted].map(([p, t]) => [p, Buffer.from(t)] as [string, Buffer])]);
    const out = protectProject(compiled, c.sources, preset('source.light'));
    const text = (p: string) => out.files.get(p)!.toString('utf8');
    for (const [file, name] of [['dist/index.js', 'subtotalAccumulator'], ['dist/rounding.js', 'ROUNDING_INCREMENT_CENTS'], ['lib/format.mjs', 'CURRENCY_SYMBOL_TABLE'], ['lib/format.mjs', 'symbolForCurrency']] as const) {
      expect(compiled.get(file)!.toString()).toContain(name);
      expect(text(file)).not.toContain(name);
    }
    expect(text('bin/price-kit.js').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(text('node_modules/tiny-pad/index.js')).toBe(testProjectFiles()['node_modules/tiny-pad/index.js']);
    expect(out.files.has('src/index.ts')).toBe(false);
    expect(out.files.has('dist/index.d.ts')).toBe(true);
    expect(out.files.has('lib/format.mjs.map')).toBe(false);
    expect(text('lib/format.mjs')).not.toContain('sourceMappingURL');
    expect(out.protectedFiles.sort()).toEqual(['bin/price-kit.js', 'dist/index.js', 'dist/rounding.js', 'lib/esm.mjs', 'lib/format.mjs', 'test/price.test.js']);
    // Node's ESM loader still finds the CommonJS export names (it lexes the file; the obfuscated body alone hides them)
    const original = cjsExportNames(compiled.get('dist/index.js')!.toString());
    expect(original.exports.sort()).toEqual(['PriceCalculator', '__esModule', 'addTotals', 'label']);
    expect(cjsExportNames(text('dist/index.js')).exports.sort()).toEqual(original.exports.sort());
    const bare = obfuscateScript({ label: 'x', code: compiled.get('dist/index.js')!.toString(), commonjs: false }, preset('source.light'), 1);
    expect(cjsExportNames(bare).exports.sort()).not.toEqual(original.exports.sort());
  });

  it('confines the compiler to the project: no input or output outside it', async () => {
    const outside = path.join(work, 'outside');
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, 'secret.ts'), 'export const serverSecret = "do-not-ship";\n');
    const lean = { lib: ['ES2020'], types: [] };
    const files = mapOf({ 'package.json': '{}', 'tsconfig.json': JSON.stringify({ compilerOptions: lean, include: ['src', '../outside/**/*', `${outside}/*.ts`] }), 'src/a.ts': 'export const a: number = 1;\n' });
    const c = compileProject(await dirOf(files), [...files.keys()]);
    expect([...c.emitted.keys()]).toEqual(['src/a.js']);
    expect([...c.emitted.values()].join('')).not.toContain('do-not-ship');
    const escaping = mapOf({ 'package.json': '{}', 'tsconfig.json': JSON.stringify({ compilerOptions: { ...lean, outDir: '../../x' } }), 'a.ts': 'export {}' });
    const dir = await dirOf(escaping);
    expect(() => compileProject(dir, [...escaping.keys()])).toThrow(/outside the project/);
  });
});

describe('hostile and unsupported input', () => {
  it('refuses traversal, symlinks, bombs, truncation, other types and languages with a catalogue error', async () => {
    const pj = { name: 'package.json', data: '{"name":"x"}' };
    const cases: [string, Buffer, string][] = [
      ['slip.zip', buildZip([pj, { name: 'index.js', data: '1' }, { name: '../evil.js', data: 'x' }]), 'bad_zip'],
      ['link.zip', buildZip([pj, { name: 'index.js', data: '/etc/passwd', unixMode: 0o120777 }]), 'bad_zip'],
      ['bomb.zip', buildZip([pj, { name: 'index.js', rawData: deflateBomb(80), declaredUncompressedSize: 1000 }]), 'bad_zip'],
      ['cut.zip', buildTestProject().subarray(0, 200), 'bad_zip'],
      ['py.zip', buildZip([{ name: 'app/main.py', data: 'print(1)' }, { name: 'app/util.py', data: '' }, { name: 'README.md', data: '' }]), 'unsupported_language'],
      ['nopj.zip', buildZip([{ name: 'index.js', data: 'module.exports = 1' }]), 'no_package_json'],
    ];
    for (const [name, data, code] of cases) await expect(readProject(write(name, data), name), name).rejects.toMatchObject({ code });
    await expect(readProject(write('py2.zip', cases[4]![1]), 'py2.zip')).rejects.toMatchObject({ detail: expect.stringMatching(/Python \(2 files\).*supported: JavaScript, TypeScript/) });
    await expect(readProject(write('x.tar.gz', 'x'), 'x.tar.gz')).rejects.toMatchObject({ code: 'unsupported_file_type' });
    const badTs = mapOf({ 'package.json': '{}', 'a.ts': 'export function (' });
    await expect((async () => compileProject(await dirOf(badTs), [...badTs.keys()]))()).rejects.toMatchObject({ code: 'compile_failed' });
    expect(() => protectProject(mapOf({ 'package.json': '{}', 'a.js': 'function (' }), [], preset('source.light'))).toThrow(expect.objectContaining({ code: 'script_syntax' }));
  });
});

describe('hardening a Node project end to end', () => {
  it('protects a TS + JS package that still passes its own tests, loads every entry alike and honours the expiry lock', async () => {
    const dir = mkdtempSync(path.join(work, 'job-'));
    const zip = write('price-kit-main.zip', buildTestProject({ prefix: 'price-kit-main/' }));
    const r = await sourceShield.harden({ path: zip, name: 'price-kit-main.zip' }, { ...preset('source.light'), testCommand: 'node --test', expiresAt: '2099-12-31' }, { workDir: dir });
    expect(r.verification.checks.filter((c) => !c.ok)).toEqual([]);
    expect(r.verification.ok).toBe(true);
    const ids = r.verification.checks.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['tests', 'expiry-lock', 'require:dist/index.js', 'import:dist/index.js', 'import:lib/esm.mjs', 'require:dist/rounding.js', 'bin:bin/price-kit.js', 'source-maps', 'typescript-removed']));
    expect(r.verification.checks.find((c) => c.id === 'tests')?.detail).toMatch(/pass 4, fail 0/);
    const out = unzipSync(new Uint8Array(readFileSync(r.outputPath)));
    expect(Object.keys(out)).toContain('price-kit-main/dist/index.js');
    expect(Object.keys(out).filter((k) => k.endsWith('.ts') && !k.endsWith('.d.ts'))).toEqual([]);
    expect(r.outputName).toBe('price-kit-main-protected.zip');
    expect(r.metrics.scriptBytesAfter).toBeGreaterThan(r.metrics.scriptBytesBefore!);
  }, 120_000);

  it('ends unverified (EXCEPTION) when the protected build breaks the project\'s tests, with the difference', async () => {
    const dir = mkdtempSync(path.join(work, 'job-'));
    const zip = write('fragile.zip', buildTestProject({ fragile: true }));
    const r = await sourceShield.harden({ path: zip, name: 'fragile.zip' }, { ...preset('source.light'), testCommand: 'node --test' }, { workDir: dir });
    expect(r.verification.ok).toBe(false);
    const tests = r.verification.checks.find((c) => c.id === 'tests')!;
    expect(tests.ok).toBe(false);
    expect(tests.detail).toMatch(/original exit 0 \(tests 5, pass 5, fail 0\) — protected exit 1 \(tests 5, pass 4, fail 1\)/);
    // the entry points themselves still load alike: only the test tells the difference
    expect(r.verification.checks.filter((c) => !c.ok).map((c) => c.id)).toEqual(['tests']);
  }, 120_000);
});
