/**
 * Runs the stub's whole start-up path on the JDK against the framework
 * stand-in (./sources.ts): attach → attachBaseContext (asset, checks,
 * decrypt, class loader, LoadedApk swap, original Application attached) →
 * onCreate (framework references handed over, original onCreate), for API 34
 * (in-memory loader) and API 28 (files, twice: the second start meets the
 * read-only files of the first), and once per check with its trigger set
 * (wrong certificate, changed payload, debugger, test-keys, emulator
 * hardware, a Frida-named library mapped into the process), comparing what the stub did with what its Config asks for.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runTool, tail } from '../../signing/tools.ts';
import type { Response, ShellConfig } from '../config.ts';
import { HARNESS_JVM, JAVAC_FLAGS, requireShellTool } from '../tools.ts';
import { HARNESS_SOURCE } from './harness.ts';
import { FRAMEWORK_SOURCES } from './sources.ts';

const LIB = '/data/app/example/lib/arm64';

/** What the harness must print for each scenario, from the stub's Config. */
export function expectedStartup(cfg: ShellConfig): Record<string, (line: string) => boolean> {
  const flags = cfg.tamper === 'off' ? -1 : 64;
  const started = (loader: string, f = flags): string => `started loader=${loader} dex=true lib=${LIB} context=true flags=${f}`;
  const app = cfg.app ? ` app=${cfg.app} attached=true created=1 all=true loadedApk=true outer=true className=${cfg.app}` : ' app=none';
  const ok = `${started('InMemoryDexClassLoader')}${app} warnings=`;
  const triggered = (mode: Response, warning: string, f = flags) => (line: string): boolean => {
    if (mode === 'off') return line === ok;
    if (mode === 'exit') return line === `killed warnings=CitadelShield:${warning}`;
    return line === `${started('InMemoryDexClassLoader', f)}${app} warnings=CitadelShield:${warning}`;
  };
  return {
    api34: (l) => l === ok,
    api28: (l) => l === `${started('DexClassLoader')}${app} warnings=`,
    'api28-again': (l) => l === `${started('DexClassLoader')}${app} warnings=`,
    'wrong-cert': triggered(cfg.tamper, 'tamper: signing certificate'),
    // a changed payload cannot start whatever the response: with "report" or "off" the decryption fails after the check
    'changed-payload': (l) => (cfg.tamper === 'exit' ? l === 'killed warnings=CitadelShield:tamper: payload checksum' : l.startsWith('error ') && l.endsWith(cfg.tamper === 'report' ? 'warnings=CitadelShield:tamper: payload checksum' : 'warnings=')),
    debugger: triggered(cfg.debug, 'debugger'),
    root: triggered(cfg.root, 'root'),
    emulator: triggered(cfg.emulator, 'emulator'),
    // last: the mapping it adds stays for the rest of the run
    hook: triggered(cfg.hook, 'hook framework'),
  };
}

/** Writes the stand-in and the harness under `src`; returns the file paths for javac. */
export function writeStartupSources(src: string): string[] {
  const files: string[] = [];
  for (const [name, text] of Object.entries({ ...FRAMEWORK_SOURCES, 'android/app/ShellHarness.java': HARNESS_SOURCE })) {
    const p = join(src, name);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
    files.push(p);
  }
  return files;
}

/** `classes`: the harness already compiled (by runStubOnJvm); otherwise it is compiled here. */
export async function runStartupOnJvm(o: { jar: string; classes?: string; workDir: string; payload: Buffer; certDer: Buffer; sealed: Buffer[]; config: ShellConfig; signal?: AbortSignal }): Promise<{ ok: boolean; detail: string }> {
  const java = requireShellTool('java');
  const dir = join(o.workDir, 'startup');
  mkdirSync(join(dir, 'assets', 'citadel'), { recursive: true });
  mkdirSync(join(dir, 'data'), { recursive: true });
  mkdirSync(join(dir, 'expected'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'citadel', 'payload.bin'), o.payload);
  writeFileSync(join(dir, 'cert.der'), o.certDer);
  o.sealed.forEach((d, i) => writeFileSync(join(dir, 'expected', `${i}.dex`), d));
  const opt = { timeoutMs: 180_000, ...(o.signal ? { signal: o.signal } : {}) };
  let classes = o.classes;
  if (!classes) {
    classes = join(dir, 'classes');
    const c = await runTool(requireShellTool('javac'), [...JAVAC_FLAGS, '-nowarn', '-d', classes, ...writeStartupSources(join(dir, 'src'))], opt);
    if (c.code !== 0) return { ok: false, detail: `javac: ${tail(c)}` };
  }
  const expect = expectedStartup(o.config);
  const scenarios = Object.keys(expect);
  const r = await runTool(java, [...HARNESS_JVM, '-cp', `${o.jar}:${classes}`, 'android.app.ShellHarness', join(dir, 'assets'), join(dir, 'data'), join(dir, 'cert.der'), join(dir, 'expected'), ...scenarios], opt);
  if (r.code !== 0) return { ok: false, detail: `java: ${tail(r)}` };
  const lines = new Map(r.stdout.split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf(' ')), l.slice(l.indexOf(' ') + 1)]));
  const bad = scenarios.filter((s) => !expect[s]!(lines.get(s) ?? '(no output)'));
  const summary = scenarios.map((s) => `${s}: ${(lines.get(s) ?? '').replace(/ lib=\S+| context=true| dex=true| attached=true| all=true| loadedApk=true| outer=true| className=\S+/g, '')}`);
  return { ok: bad.length === 0, detail: bad.length ? bad.map((s) => `${s}: ${lines.get(s) ?? '(no output)'}`).join('; ') : summary.join('; ') };
}
