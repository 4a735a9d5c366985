/**
 * Runs the stub's own decryptor (smali/Payload.smali) on the payload of the
 * hardened APK, on Debian's JDK: enjarify translates the stub DEX to JVM
 * classes, a small harness calls Payload.open with the key the stub carries
 * (Config.KEY) and writes the DEX files it gets back, and reports the stub's
 * checks that use java.* only (TracerPid, su files, hook libraries) as they
 * judge this server process.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTool, tail } from '../signing/tools.ts';
import { writeStartupSources } from './jvm-framework/run.ts';
import { HARNESS_JVM, JAVAC_FLAGS, requireShellTool } from './tools.ts';

const HARNESS = `import com.citadel.shell.Config;
import com.citadel.shell.Guard;
import com.citadel.shell.Payload;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.security.MessageDigest;

public class Harness {
  public static void main(String[] a) throws Exception {
    byte[] blob = Files.readAllBytes(Paths.get(a[0]));
    byte[][] dex = Payload.open(blob, Payload.bytes(Config.KEY));
    for (int i = 0; i < dex.length; i++) Files.write(Paths.get(a[1], i + ".dex"), dex[i]);
    System.out.println("count=" + dex.length);
    System.out.println("checksum=" + MessageDigest.isEqual(Payload.sha256(blob), Payload.bytes(Config.PAYLOAD_SHA256)));
    System.out.println("traced=" + Guard.traced());
    System.out.println("su=" + Guard.suFiles());
    System.out.println("hooked=" + Guard.hooked());
  }
}
`;

export interface JvmRun {
  ok: boolean;
  dex: Buffer[];
  /** the harness's report lines (count, checksum, traced, su, hooked) */
  facts: Record<string, string>;
  detail: string;
  /** the stub translated to JVM classes (for the start-up run) */
  jar?: string;
  /** the harnesses compiled (this one and the start-up one), so the start-up run needs no second javac */
  classes?: string;
}

export async function runStubOnJvm(stubDex: Buffer, payload: Buffer, workDir: string, signal?: AbortSignal): Promise<JvmRun> {
  const [enjarify, javac, java] = [requireShellTool('enjarify'), requireShellTool('javac'), requireShellTool('java')];
  const dir = join(workDir, 'jvm');
  const out = join(dir, 'out');
  mkdirSync(out, { recursive: true });
  const opt = signal ? { signal } : {};
  writeFileSync(join(dir, 'stub.dex'), stubDex);
  writeFileSync(join(dir, 'payload.bin'), payload);
  writeFileSync(join(dir, 'Harness.java'), HARNESS);
  const jar = join(dir, 'stub.jar');
  // enjarify's launcher picks the first python3 on PATH; Debian's module is installed for /usr/bin/python3.
  const py = existsSync('/usr/bin/python3') ? { PYTHON: '/usr/bin/python3' } : undefined;
  const e = await runTool(enjarify, ['-f', '-o', jar, join(dir, 'stub.dex')], { timeoutMs: 120_000, ...(py ? { env: py } : {}), ...opt });
  if (e.code !== 0 || !existsSync(jar) || !/0 classes had errors/.test(e.stdout)) return { ok: false, dex: [], facts: {}, detail: `enjarify: ${tail(e)}` };
  // One javac for both harnesses (JVM start-ups dominate the verification time).
  const classes = join(dir, 'classes');
  const c = await runTool(javac, [...JAVAC_FLAGS, '-nowarn', '-cp', jar, '-d', classes, join(dir, 'Harness.java'), ...writeStartupSources(join(dir, 'startup-src'))], { timeoutMs: 180_000, ...opt });
  if (c.code !== 0) return { ok: false, dex: [], facts: {}, detail: `javac: ${tail(c)}` };
  const r = await runTool(java, [...HARNESS_JVM, '-cp', `${jar}:${classes}`, 'Harness', join(dir, 'payload.bin'), out], { timeoutMs: 120_000, ...opt });
  const facts = Object.fromEntries(r.stdout.split('\n').map((l) => l.trim().split('=')).filter((p) => p.length === 2) as [string, string][]);
  if (r.code !== 0) return { ok: false, dex: [], facts, detail: `java: ${tail(r)}` };
  const n = Number(facts.count ?? -1);
  const dex = Array.from({ length: Math.max(0, n) }, (_, i) => readFileSync(join(out, `${i}.dex`)));
  return { ok: true, dex, facts, detail: r.stdout.trim().split('\n').join(', '), jar, classes };
}
