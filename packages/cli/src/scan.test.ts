import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Assessment } from '@citadel/contracts';
import { AssessmentBuilder, type Engine, EngineInputError, EngineRegistry, defineCatalogue, readHead, sarifProblems, testRule } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { loadEngines } from './engines.ts';
import { EXIT, runCli } from './scan.ts';

const catalogue = defineCatalogue([testRule('fake.check.secret', 'high'), testRule('fake.check.http', 'low'), testRule('fake.check.never', 'medium')]);

/** A tiny engine: files starting with "FAKE" are assessed; "SECRET" in them fails a high item; "BROKEN" is unreadable. */
const fakeEngine: Engine = {
  name: 'fake',
  version: '1.2.3',
  platforms: ['android', 'android_sdk'],
  catalogue,
  accepts: (name, head) => (Buffer.from(head.subarray(0, 4)).toString() === 'FAKE' ? (name.endsWith('.sdk') ? 'android_sdk' : 'android') : undefined),
  async run(input, options, ctx) {
    // One catalogue serves both platforms here, so the scope is every item.
    const b = new AssessmentBuilder({ engine: { name: this.name, version: this.version }, platform: options.platform ?? 'android', catalogue, options, ctx, scope: () => true });
    const text = input.files.map((f) => readFileSync(f.path, 'latin1')).join('\n');
    if (text.includes('BROKEN')) throw new EngineInputError('corrupt', 'the package is truncated');
    if (text.includes('SLOW')) await new Promise((_, reject) => ctx.signal?.addEventListener('abort', () => reject(ctx.signal?.reason)));
    await b.check('fake.check.secret', () => {
      if (text.includes('SECRET')) b.finding('fake.check.secret', { file: input.files[0]!.name, detail: 'SECRET' });
    });
    await b.check('fake.check.http', () => undefined);
    b.target.files = input.files.map((f) => f.name);
    return b.build();
  },
};

const registry = () => new EngineRegistry().register(fakeEngine);
const dir = mkdtempSync(join(tmpdir(), 'citadel-cli-'));
const file = (name: string, content: string) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

async function cli(argv: string[], reg: EngineRegistry = registry(), signal?: AbortSignal) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), registry: reg, ...(signal ? { signal } : {}) });
  return { code, stdout, stderr };
}

describe('scan CLI', () => {
  it('prints usage with exit codes, and refuses bad arguments with exit 2', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(EXIT.ok);
    expect(help.stdout).toMatch(/Exit codes:/);
    expect((await cli([])).code).toBe(EXIT.usage);
    expect((await cli(['x', '--format', 'xml'])).code).toBe(EXIT.usage);
    expect((await cli(['x', '--bogus'])).code).toBe(EXIT.usage);
    expect((await cli(['x', '--platform', 'symbian'])).stderr).toMatch(/unknown platform/);
    expect((await cli([join(dir, 'missing.apk')])).code).toBe(EXIT.usage);
    expect((await cli(['--url', 'ftp://x'])).code).toBe(EXIT.usage);
  });

  it('fails clearly when no engine accepts the input, listing the registered engines', async () => {
    const p = file('notes.txt', 'hello');
    const none = await cli([p], new EngineRegistry());
    expect(none.code).toBe(EXIT.noEngine);
    expect(none.stderr).toMatch(/no engine accepts .*notes\.txt/);
    expect(none.stderr).toMatch(/Registered engines: none yet/);
    const some = await cli([p]);
    expect(some.stderr).toMatch(/fake 1\.2\.3 {2}platforms: android, android_sdk/);
    expect((await cli(['--url', 'https://example.com'])).code).toBe(EXIT.noEngine);
  });

  it('lists engines', async () => {
    expect((await cli(['--list-engines'])).stdout).toMatch(/^fake 1\.2\.3/);
    expect((await cli(['--list-engines'], new EngineRegistry())).stdout).toMatch(/No engines/);
  });

  it('writes the Assessment as JSON with stable rule ids, score and target', async () => {
    const r = await cli([file('app.apk', 'FAKE SECRET')]);
    expect(r.code).toBe(EXIT.ok);
    const a = JSON.parse(r.stdout) as Assessment;
    expect(a.engine).toEqual({ name: 'fake', version: '1.2.3' });
    expect(a.findings.map((f) => [f.ruleId, f.result])).toEqual([
      ['fake.check.secret', 'fail'],
      ['fake.check.http', 'pass'],
      ['fake.check.never', 'not_executed'],
    ]);
    expect(a.score).toEqual({ score: 90, band: 'high' });
    expect(a.target).toEqual({ files: ['app.apk'] });
    expect(r.stderr).toMatch(/app\.apk: fake 1\.2\.3 as android: score 90 \(high\), 1 failed items/);
  });

  it('writes valid SARIF to --out, honours --platform, --select and --quiet', async () => {
    const out = join(dir, 'out.sarif');
    const r = await cli([file('lib.sdk', 'FAKE SECRET'), '--format', 'sarif', '--out', out, '--select', 'fake.check.secret', '--quiet']);
    expect(r).toMatchObject({ code: EXIT.ok, stdout: '', stderr: '' });
    const log = JSON.parse(readFileSync(out, 'utf8')) as unknown;
    expect(sarifProblems(log)).toEqual([]);
    const run = (log as { runs: { results: { ruleId: string; level: string }[]; properties: { platform: string } }[] }).runs[0]!;
    expect(run.results).toEqual([expect.objectContaining({ ruleId: 'fake.check.secret', level: 'error' })]);
    expect(run.properties.platform).toBe('android_sdk');
    const asSdk = JSON.parse((await cli([file('app2.apk', 'FAKE'), '--platform', 'android_sdk', '--quiet'])).stdout) as Assessment;
    expect(asSdk.platform).toBe('android_sdk');
  });

  it('--fail-on exits 1 when an item at or above the risk failed', async () => {
    const p = file('bad.apk', 'FAKE SECRET');
    expect((await cli([p, '--fail-on', 'high', '--quiet'])).code).toBe(EXIT.failOn);
    expect((await cli([p, '--fail-on', 'serious', '--quiet'])).code).toBe(EXIT.ok);
    expect((await cli([file('good.apk', 'FAKE'), '--fail-on', 'info', '--quiet'])).code).toBe(EXIT.ok);
  });

  it('scans a folder file by file, skipping what no engine accepts, and reports failures with exit 4', async () => {
    const folder = join(dir, 'batch');
    mkdirSync(join(folder, 'sub'), { recursive: true });
    writeFileSync(join(folder, 'a.apk'), 'FAKE SECRET');
    writeFileSync(join(folder, 'sub', 'b.apk'), 'FAKE');
    writeFileSync(join(folder, 'readme.txt'), 'not a package');
    const ok = await cli([folder]);
    expect(ok.code).toBe(EXIT.ok);
    const body = JSON.parse(ok.stdout) as { results: { file: string; assessment?: Assessment }[] };
    expect(body.results.map((x) => x.file.slice(folder.length + 1))).toEqual(['a.apk', 'sub/b.apk']);
    expect(ok.stderr).toMatch(/skipped .*readme\.txt/);
    writeFileSync(join(folder, 'c.apk'), 'FAKE BROKEN');
    const failed = await cli([folder, '--format', 'sarif']);
    expect(failed.code).toBe(EXIT.failed);
    expect(failed.stderr).toMatch(/c\.apk: the package is truncated \(corrupt\)/);
    expect(sarifProblems(JSON.parse(failed.stdout))).toEqual([]);
    expect((JSON.parse(failed.stdout) as { runs: unknown[] }).runs).toHaveLength(2);
  });

  it('hands a folder to the source engine as one project, when asked or when no engine takes its files', async () => {
    const seen: string[] = [];
    const sourceEngine: Engine = {
      ...fakeEngine,
      name: 'fake-source',
      platforms: ['source'],
      accepts: () => undefined,
      async run(input, options, ctx) {
        seen.push(...input.files.map((f) => f.path));
        return new AssessmentBuilder({ engine: { name: 'fake-source', version: '1' }, platform: 'source', catalogue, options, ctx, scope: () => true }).build();
      },
    };
    const project = join(dir, 'project');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'src', 'app.js'), 'console.log(1)');
    const reg = () => new EngineRegistry().register(fakeEngine).register(sourceEngine);
    expect((await cli([project], reg())).code).toBe(EXIT.ok);
    expect(seen).toEqual([project]);
    writeFileSync(join(project, 'bundled.apk'), 'FAKE');
    // A package inside a code project: the project goes to the source engine whole, the package to its own engine.
    seen.length = 0;
    const both = await cli([project], reg());
    expect(both.code).toBe(EXIT.ok);
    expect(seen).toEqual([project]);
    expect((JSON.parse(both.stdout) as { results: { file: string }[] }).results.map((r) => r.file)).toEqual([project, join(project, 'bundled.apk')]);
    seen.length = 0;
    expect((await cli([project, '--platform', 'source'], reg())).code).toBe(EXIT.ok);
    expect(seen).toEqual([project]);
    // A folder of packages and nothing else is still scanned file by file.
    const packages = join(dir, 'packages-only');
    mkdirSync(packages, { recursive: true });
    writeFileSync(join(packages, 'one.apk'), 'FAKE');
    seen.length = 0;
    expect((await cli([packages], reg())).code).toBe(EXIT.ok);
    expect(seen).toEqual([]);
  });

  it('a code project with a lockfile goes whole to the source engine and the component check, never file by file', async () => {
    const runs: { engine: string; files: string[] }[] = [];
    const whole = (name: string, platform: 'source' | 'sca', accepts: Engine['accepts']): Engine => ({
      ...fakeEngine,
      name,
      platforms: [platform],
      accepts,
      async run(input, options, ctx) {
        runs.push({ engine: name, files: input.files.map((f) => f.path) });
        return new AssessmentBuilder({ engine: { name, version: '1' }, platform, catalogue, options, ctx, scope: () => true }).build();
      },
    });
    const project = join(dir, 'node-project');
    mkdirSync(join(project, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(join(project, 'index.js'), 'require("dep")');
    writeFileSync(join(project, 'package.json'), '{"name":"p","dependencies":{"dep":"1.0.0"}}');
    writeFileSync(join(project, 'package-lock.json'), '{"lockfileVersion":3}');
    writeFileSync(join(project, 'node_modules', 'dep', 'package.json'), '{"name":"dep"}');
    writeFileSync(join(project, 'node_modules', 'dep', 'fixture.apk'), 'FAKE');
    const manifests = (n: string) => (/^package(?:-lock)?\.json$/.test(n) ? ('sca' as const) : undefined);
    const reg = new EngineRegistry().register(fakeEngine).register(whole('src', 'source', () => undefined)).register(whole('components', 'sca', manifests));
    const r = await cli([project], reg);
    expect(r.code).toBe(EXIT.ok);
    expect(runs).toEqual([{ engine: 'src', files: [project] }, { engine: 'components', files: [project] }]);
  });

  it('several files are one input for one engine', async () => {
    const r = await cli([file('main.apk', 'FAKE'), file('split.apk', 'FAKE SECRET'), '--quiet']);
    expect(r.code).toBe(EXIT.ok);
    expect((JSON.parse(r.stdout) as Assessment).target).toEqual({ files: ['main.apk', 'split.apk'] });
    expect((await cli([file('m.apk', 'FAKE'), file('n.txt', 'x')])).code).toBe(EXIT.noEngine);
  });

  it('stops on abort and on --timeout with exit 130', async () => {
    const slow = file('slow.apk', 'FAKE SLOW');
    expect((await cli([slow, '--timeout', '0.05'])).code).toBe(EXIT.interrupted);
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(new Error('interrupted')), 20);
    expect((await cli([slow], registry(), ctrl.signal)).code).toBe(EXIT.interrupted);
  });

  it('exit 4 when the output cannot be written', async () => {
    expect((await cli([file('w.apk', 'FAKE'), '--out', join(dir, 'no', 'such', 'dir', 'x.json'), '--quiet'])).code).toBe(EXIT.failed);
  });

  it('loads the workspace engine packages that export an engine', async () => {
    const { registry: reg, unavailable } = await loadEngines(['@citadel/engine-android', '@citadel/does-not-exist']);
    expect(unavailable.map((u) => u.pkg)).toEqual(['@citadel/does-not-exist']);
    for (const e of reg.list()) expect(e.platforms.length).toBeGreaterThan(0);
    expect((await readHead(file('h.bin', 'x'.repeat(10000)))).length).toBe(4096);
  });

  it('main.ts runs as the npm script would', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const help = spawnSync(tsx, [main, 'scan', '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Usage: citadel scan/);
    expect(spawnSync(tsx, [main, join(dir, 'missing.apk')], { encoding: 'utf8' }).status).toBe(2);
    const unknown = spawnSync(tsx, [main, file('blob.unknown', '\u0000\u0001 not any package')], { encoding: 'utf8' });
    expect(unknown.status).toBe(3);
    expect(unknown.stderr).toMatch(/Registered engines/);
    // Three processes that each load the engines through tsx: slow on a loaded machine.
  }, 120_000);
});
