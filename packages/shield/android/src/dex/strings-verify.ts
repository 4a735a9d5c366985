/**
 * Verification of string encryption, on the DEX files as shipped: dexdump
 * disassembles each rewritten DEX and shows one call to Str.d per string
 * replaced, and the Str class taken from that DEX (baksmali → smali →
 * enjarify) is run on the JDK over every encrypted string, which must give
 * back the original text.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireTool, runTool, tail } from '../signing/tools.ts';
import { HARNESS_JVM, JAVAC_FLAGS, SMALI_ENV, requireShellTool } from '../shell/tools.ts';
import { STR_CLASS, type StringPair } from './strings.ts';

const CALL = 'Lcom/citadel/shell/Str;.d:(Ljava/lang/String;)Ljava/lang/String;';

/** Streams `dexdump -d` and counts the invoke lines that call Str.d (the listing of a large DEX is far over any buffer we keep). */
export function countDecryptCalls(dexPath: string, signal?: AbortSignal): Promise<{ ok: boolean; calls: number; detail: string }> {
  return new Promise((resolve) => {
    const child = spawn(requireTool('dexdump'), ['-d', dexPath], { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    let calls = 0;
    let rest = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => {
      const lines = (rest + b.toString('latin1')).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) if (l.includes('invoke-static') && l.includes(CALL)) calls++;
    });
    child.stderr.on('data', (b: Buffer) => {
      err = (err + b.toString('utf8')).slice(-2000);
    });
    child.on('error', (e) => resolve({ ok: false, calls, detail: e.message }));
    child.on('close', (code) => resolve({ ok: code === 0 && !/Failure to verify|ERROR:/i.test(err), calls, detail: code === 0 ? `${calls} calls` : err.trim().slice(-300) }));
  });
}

const HARNESS = `import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

public class StrHarness {
  static String hex(String h) {
    char[] c = new char[h.length() / 4];
    for (int i = 0; i < c.length; i++) c[i] = (char) Integer.parseInt(h.substring(i * 4, i * 4 + 4), 16);
    return new String(c);
  }
  public static void main(String[] a) throws Exception {
    int ok = 0, bad = 0;
    for (String line : Files.readAllLines(Paths.get(a[0]), StandardCharsets.US_ASCII)) {
      if (line.isEmpty()) continue;
      String[] p = line.split(",", -1);
      if (com.citadel.shell.Str.d(hex(p[0])).equals(hex(p[1]))) ok++; else bad++;
    }
    System.out.println("ok=" + ok + " bad=" + bad);
  }
}
`;

const hex = (s: string): string => [...Array(s.length).keys()].map((i) => s.charCodeAt(i).toString(16).padStart(4, '0')).join('');

/** Runs the shipped DEX's own Str.d on the JDK over every pair; ok only when each decrypts to its plain text. */
export async function runStrOnJvm(dexPath: string, pairs: StringPair[], workDir: string, signal?: AbortSignal): Promise<{ ok: boolean; detail: string }> {
  const [baksmali, smali, enjarify, javac, java] = [requireShellTool('baksmali'), requireShellTool('smali'), requireShellTool('enjarify'), requireShellTool('javac'), requireShellTool('java')];
  const dir = join(workDir, `str-jvm-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(dir, { recursive: true });
  const opt = { timeoutMs: 300_000, ...(signal ? { signal } : {}) };
  const b = await runTool(baksmali, ['disassemble', '-j', '1', '--classes', STR_CLASS, '-o', join(dir, 'src'), dexPath], { ...opt, env: SMALI_ENV });
  if (b.code !== 0) return { ok: false, detail: `baksmali: ${tail(b)}` };
  const s = await runTool(smali, ['assemble', '-j', '1', '-o', join(dir, 'str.dex'), join(dir, 'src')], { ...opt, env: SMALI_ENV });
  if (s.code !== 0) return { ok: false, detail: `smali: ${tail(s)}` };
  const py = { PYTHON: '/usr/bin/python3' };
  const e = await runTool(enjarify, ['-f', '-o', join(dir, 'str.jar'), join(dir, 'str.dex')], { ...opt, env: py });
  if (e.code !== 0 || !/0 classes had errors/.test(e.stdout)) return { ok: false, detail: `enjarify: ${tail(e)}` };
  writeFileSync(join(dir, 'StrHarness.java'), HARNESS);
  writeFileSync(join(dir, 'pairs.txt'), pairs.map((p) => `${hex(p.enc)},${hex(p.plain)}`).join('\n'));
  const c = await runTool(javac, [...JAVAC_FLAGS, '-cp', join(dir, 'str.jar'), '-d', dir, join(dir, 'StrHarness.java')], opt);
  if (c.code !== 0) return { ok: false, detail: `javac: ${tail(c)}` };
  const r = await runTool(java, [...HARNESS_JVM, '-cp', `${join(dir, 'str.jar')}:${dir}`, 'StrHarness', join(dir, 'pairs.txt')], opt);
  const m = /ok=(\d+) bad=(\d+)/.exec(r.stdout);
  return { ok: r.code === 0 && !!m && Number(m[1]) === pairs.length && m[2] === '0', detail: m ? `${m[1]} of ${pairs.length} strings decrypted by the shipped Str.d` : tail(r) };
}
