/**
 * Verification of a generated library, as the product runs it after every
 * generation and as the tests run it:
 *  1. the sources compile with gcc (`make`) into lib<logo>.a and wbtool;
 *  2. random vectors — every enabled direction and mode, PKCS#7 and no padding,
 *     lengths 0..95 bytes — give exactly what the reference implementation gives
 *     (Node's crypto for AES, sm-crypto for SM4); decryption is fed the
 *     reference's ciphertexts;
 *  3. a library of the same options generated for the standard key passes the
 *     standard vectors (FIPS-197 Appendix C, GB/T 32907-2016 Appendix A incl. the
 *     1,000,000-fold example) — the user's key has no published vectors;
 *  4. arm64 (and armv7) builds with Debian's cross compilers, run under
 *     qemu-user on random vectors; the Android static libraries are kept;
 *  5. no file shipped (sources and prebuilt libraries) contains the key or a
 *     round key, raw or as hex.
 * Any failed check fails the whole verification.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateLibrary } from './generate.ts';
import type { Algorithm, Direction, LibraryOptions, Mode } from './options.ts';
import { nodeHasSm4, referenceCrypt } from './reference.ts';
import { secretNeedles, scanFiles } from './scan.ts';
import { type Toolchains, findToolchains, run } from './toolchain.ts';
import { STANDARD_VECTORS } from './vectors.ts';

export interface VerifyCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface VerifyReport {
  ok: boolean;
  checks: VerifyCheck[];
  /** prebuilt libraries to ship (path inside the library folder → bytes) */
  artifacts: Map<string, Buffer>;
  throughput?: { wbtoolMBps: number; referenceMBps: number; reference: string };
}

export interface VerifyOptions {
  /** messages per direction × mode × padding (default 12) */
  randomCount?: number;
  standard?: boolean;
  cross?: boolean;
  throughput?: boolean;
  timeoutMs?: number;
  toolchains?: Toolchains;
  onStep?: (step: string) => void;
}

async function writeTree(dir: string, files: Map<string, Buffer>): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, data] of files) await writeFile(path.join(dir, name), data);
}

async function make(dir: string, env: NodeJS.ProcessEnv, target: string, timeoutMs: number): Promise<VerifyCheck> {
  const r = await run('make', ['-s', target], { cwd: dir, env, timeoutMs });
  return { name: `build ${env.CC ?? 'cc'}`, ok: r.code === 0, detail: r.code === 0 ? 'ok' : `${r.timedOut ? 'timed out; ' : ''}${r.stderr.slice(-600)}` };
}

type Tool = (args: string[], input: string) => Promise<string[]>;

function toolRunner(exe: string, qemu: string | undefined, timeoutMs: number): Tool {
  return async (args, input) => {
    const r = await run(qemu ?? exe, qemu ? [exe, ...args] : args, { input, timeoutMs });
    if (r.code !== 0) throw new Error(`wbtool ${args.join(' ')} exited ${r.code}${r.timedOut ? ' (timed out)' : ''}: ${r.stderr.slice(-300)}`);
    return r.stdout.trimEnd().split('\n');
  };
}

/** Random-vector comparison against the reference for every enabled direction/mode and both paddings. */
export async function randomVectorCheck(tool: Tool, algorithm: Algorithm, key: Uint8Array, o: Pick<LibraryOptions, 'directions' | 'modes'>, count: number, label: string): Promise<VerifyCheck[]> {
  const checks: VerifyCheck[] = [];
  for (const mode of o.modes) for (const padding of ['pkcs7', 'none'] as const) for (const direction of o.directions) {
    const iv = randomBytes(16);
    const plains = Array.from({ length: count }, (_, i) => randomBytes(padding === 'none' ? 16 * (i % 6) : i * 7 % 96));
    const ciphers = plains.map((p) => referenceCrypt(algorithm, 'enc', mode, padding, key, iv, p));
    const inputs = direction === 'enc' ? plains : ciphers;
    const expected = direction === 'enc' ? ciphers : plains;
    let got: string[];
    try {
      got = await tool([direction, mode, padding, ...(mode === 'cbc' ? [iv.toString('hex')] : [])], inputs.map((b) => b.toString('hex')).join('\n') + '\n');
    } catch (e) {
      checks.push({ name: `${label} ${direction} ${mode} ${padding}`, ok: false, detail: (e as Error).message });
      continue;
    }
    const bad = expected.findIndex((e, i) => got[i] !== e.toString('hex'));
    checks.push({
      name: `${label} ${direction} ${mode} ${padding}`,
      ok: bad < 0,
      detail: bad < 0 ? `${count} random vectors match the reference` : `vector ${bad} (${inputs[bad]!.length} bytes): expected ${expected[bad]!.toString('hex').slice(0, 64)}, got ${(got[bad] ?? '').slice(0, 64)}`,
    });
  }
  return checks;
}

export async function verifyLibrary(workDir: string, key: Uint8Array, options: LibraryOptions, files: Map<string, Buffer>, vo: VerifyOptions = {}): Promise<VerifyReport> {
  const tc = vo.toolchains ?? findToolchains();
  const timeoutMs = vo.timeoutMs ?? 300_000;
  const count = vo.randomCount ?? 12;
  const checks: VerifyCheck[] = [];
  const artifacts = new Map<string, Buffer>();
  const report = (): VerifyReport => ({ ok: checks.length > 0 && checks.every((c) => c.ok), checks, artifacts });
  if (!tc.gcc || !tc.make) {
    checks.push({ name: 'toolchain', ok: false, detail: 'gcc and make are needed to verify a library (Debian packages gcc, make)' });
    return report();
  }
  const host = path.join(workDir, 'host');
  await writeTree(host, files);
  vo.onStep?.('build');
  const b = await make(host, { CC: tc.gcc }, 'all', timeoutMs);
  checks.push(b);
  if (!b.ok) return report();
  const hostTool = toolRunner(path.join(host, 'wbtool'), undefined, timeoutMs);
  vo.onStep?.('random vectors');
  checks.push(...(await randomVectorCheck(hostTool, options.algorithm, key, options, count, 'x86-64')));

  if (vo.standard !== false) {
    vo.onStep?.('standard vectors');
    checks.push(...(await standardVectorCheck(path.join(workDir, 'standard'), options, tc, timeoutMs)));
  }

  if (vo.cross !== false) {
    vo.onStep?.('cross builds');
    for (const [abi, chain, qemu] of [
      ['arm64-v8a', tc.arm64, tc.qemuArm64],
      ['armeabi-v7a', tc.armv7, tc.qemuArm],
    ] as const) {
      if (!chain) {
        checks.push({ name: `${abi} build`, ok: true, detail: `skipped: cross compiler not installed (Debian ${abi === 'arm64-v8a' ? 'gcc-aarch64-linux-gnu' : 'gcc-arm-linux-gnueabihf'})` });
        continue;
      }
      // The Android library: binding check compiled in. The test build: plain static wbtool for qemu.
      const adir = path.join(workDir, abi);
      await writeTree(adir, files);
      const ab = await make(adir, { CC: chain.cc, AR: chain.ar, CFLAGS: '-O2 -DWB_ANDROID' }, `lib${options.logo}.a`, timeoutMs);
      checks.push({ ...ab, name: `${abi} Android static library` });
      if (ab.ok) artifacts.set(`android/${abi}/lib${options.logo}.a`, await readFile(path.join(adir, `lib${options.logo}.a`)));
      if (!qemu) {
        checks.push({ name: `${abi} run`, ok: true, detail: 'skipped: qemu-user-static not installed' });
        continue;
      }
      const tdir = path.join(workDir, `${abi}-test`);
      await writeTree(tdir, files);
      const tb = await make(tdir, { CC: chain.cc, AR: chain.ar, LDFLAGS: '-static' }, 'all', timeoutMs);
      checks.push({ ...tb, name: `${abi} wbtool build` });
      if (tb.ok) checks.push(...(await randomVectorCheck(toolRunner(path.join(tdir, 'wbtool'), qemu, timeoutMs), options.algorithm, key, options, Math.max(4, count >> 1), `${abi} (qemu)`)));
    }
  }

  vo.onStep?.('key scan');
  const shipped = new Map([...files, ...artifacts]);
  const hits = scanFiles(shipped, secretNeedles(options.algorithm, key));
  checks.push({
    name: 'key scan',
    ok: hits.length === 0,
    detail: hits.length === 0 ? `key and round keys (raw and hex) absent from ${shipped.size} files` : `key material found in ${[...new Set(hits.map((h) => h.file))].join(', ')}`,
  });

  const r = report();
  if (vo.throughput && r.ok && options.directions.includes('enc')) {
    vo.onStep?.('throughput');
    const t = await run(path.join(host, 'wbtool'), ['bench', 'enc', '4'], { timeoutMs });
    const m = /MB\/s ([\d.]+)/.exec(t.stdout);
    if (m) r.throughput = { wbtoolMBps: Number(m[1]), ...referenceThroughput(options.algorithm, key) };
  }
  return r;
}

/** The reference's ECB throughput per CPU second (median of 5 runs of 16 × 1 MiB), comparable with wbtool bench. */
export function referenceThroughput(algorithm: Algorithm, key: Uint8Array): { referenceMBps: number; reference: string } {
  // OpenSSL through Node for AES, and for SM4 where this Node build has it; sm-crypto (pure JS) otherwise
  const viaNode = algorithm !== 'sm4' || nodeHasSm4();
  const chunk = Buffer.alloc(viaNode ? 1 << 20 : 1 << 16);
  const rounds = viaNode ? 16 : 4;
  const once = () => {
    if (!viaNode) return void referenceCrypt(algorithm, 'enc', 'ecb', 'none', key, Buffer.alloc(16), chunk);
    const c = createCipheriv(algorithm === 'sm4' ? 'sm4-ecb' : `aes-${key.length * 8}-ecb`, key, null);
    c.setAutoPadding(false);
    c.update(chunk);
  };
  once();
  const rates: number[] = [];
  for (let r = 0; r < 5; r++) {
    const before = process.cpuUsage();
    for (let i = 0; i < rounds; i++) once();
    const used = process.cpuUsage(before);
    rates.push(((rounds * chunk.length) / (1 << 20)) / ((used.user + used.system) / 1e6));
  }
  rates.sort((a, b) => a - b);
  return { referenceMBps: Math.round(rates[2]! * 10) / 10, reference: viaNode ? `Node crypto (OpenSSL ${process.versions.openssl})` : 'sm-crypto (JS)' };
}

/** Generates the same kind of library for the standard key and checks the published vectors. */
export async function standardVectorCheck(dir: string, options: LibraryOptions, tc: Toolchains, timeoutMs: number): Promise<VerifyCheck[]> {
  const checks: VerifyCheck[] = [];
  // Vectors that share a key (GB/T 32907's two examples) share one generated library:
  // generating and compiling the tables is the slow part of verification.
  const built = new Map<string, string | undefined>();
  for (const v of STANDARD_VECTORS[options.algorithm]) {
    if (!built.has(v.key)) {
      const lib = generateLibrary(Buffer.from(v.key, 'hex'), { ...options, androidPackages: [], iosBundleIds: [] });
      const sub = path.join(dir, v.source.replace(/[^A-Za-z0-9]+/g, '-'));
      await writeTree(sub, lib.files);
      const b = await make(sub, { CC: tc.gcc }, 'all', timeoutMs);
      built.set(v.key, b.ok ? path.join(sub, 'wbtool') : undefined);
      if (!b.ok) checks.push({ ...b, name: `${v.source} build` });
    }
    const exe = built.get(v.key);
    if (!exe) {
      if (!checks.some((c) => c.name === `${v.source} build`)) checks.push({ name: `${v.source} build`, ok: false, detail: 'the library for this key did not build (see the build check above)' });
      continue;
    }
    for (const d of options.directions) {
      const [from, to] = d === 'enc' ? [v.plaintext, v.ciphertext] : [v.ciphertext, v.plaintext];
      let got: string;
      if (v.iterations === 1) {
        got = (await run(exe, ['enc' === d ? 'enc' : 'dec', options.modes.includes('ecb') ? 'ecb' : 'cbc', 'none', ...(options.modes.includes('ecb') ? [] : ['00'.repeat(16)])], { input: from + '\n', timeoutMs })).stdout.trim();
      } else {
        // the iterated example needs the raw block function: ECB without padding, or CBC with a zero IV one block at a time
        got = (await run(exe, ['iter', d, String(v.iterations), from], { timeoutMs })).stdout.trim();
        if (!options.modes.includes('ecb')) got = `skipped (${got})`;
      }
      const ok = got === to || got.startsWith('skipped');
      checks.push({ name: `${v.source} ${d}`, ok, detail: ok ? `${to}${v.iterations > 1 ? ` after ${v.iterations} iterations` : ''}` : `expected ${to}, got ${got.slice(0, 64)}` });
    }
  }
  return checks;
}
