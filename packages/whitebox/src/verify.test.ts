/**
 * Compiles generated libraries with gcc and checks them against the standard
 * vectors, random vectors from the reference implementations (both directions,
 * ECB and CBC, PKCS#7 and none), arm64 (AES) and armv7 (SM4) builds under qemu-user, and the key
 * scan. Skips without gcc; the cross parts skip without the Debian cross compilers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateLibrary } from './generate.ts';
import { KEY_BYTES, type LibraryOptions } from './options.ts';
import { findToolchains, run } from './toolchain.ts';
import { verifyLibrary } from './verify.ts';

const tc = findToolchains();
const work = mkdtempSync(path.join(tmpdir(), 'wb-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Each cipher family runs under qemu on one ABI, the two families covering both ABIs
// between them (verify.ts builds the same sources for every ABI; each extra build and
// qemu run costs tens of seconds on a loaded machine).
type Abi = 'arm64-v8a' | 'armeabi-v7a';
const cases: [LibraryOptions['algorithm'], LibraryOptions['preference'], Abi | undefined][] = [
  ['aes128', 'security', 'arm64-v8a'],
  ['aes192', 'performance', undefined],
  ['aes256', 'security', undefined],
  ['sm4', 'security', 'armeabi-v7a'],
];
/** The toolchains with only `abi`'s cross compiler and emulator left. */
const onlyAbi = (abi: Abi): typeof tc => (abi === 'arm64-v8a' ? { ...tc, armv7: undefined, qemuArm: undefined } : { ...tc, arm64: undefined, qemuArm64: undefined });
const hasAbi = (abi: Abi) => (abi === 'arm64-v8a' ? !!(tc.arm64 && tc.qemuArm64) : !!(tc.armv7 && tc.qemuArm));

describe.skipIf(!tc.gcc || !tc.make)('generated C libraries', () => {
  for (const [algorithm, preference, abi] of cases) {
    it(`${algorithm} (${preference}): builds, passes standard and random vectors both ways${abi ? `, runs under qemu (${abi})` : ''}, holds no key`, async () => {
      const key = randomBytes(KEY_BYTES[algorithm]);
      const o: LibraryOptions = { algorithm, directions: ['enc', 'dec'], modes: ['ecb', 'cbc'], padding: 'pkcs7', preference, logo: `wbsk${algorithm}`, androidPackages: [], iosBundleIds: [] };
      const lib = generateLibrary(key, o);
      const r = await verifyLibrary(path.join(work, algorithm), key, o, lib.files, { randomCount: 6, cross: !!abi, ...(abi ? { toolchains: onlyAbi(abi) } : {}) });
      const failed = r.checks.filter((c) => !c.ok);
      expect(failed).toEqual([]);
      expect(r.ok).toBe(true);
      const names = r.checks.map((c) => c.name);
      expect(names).toContain('x86-64 dec cbc none');
      expect(names.some((n) => /FIPS-197|GB\/T 32907/.test(n))).toBe(true);
      if (abi && hasAbi(abi)) {
        expect(names).toContain(`${abi} (qemu) enc cbc pkcs7`);
        expect(names).toContain(`${abi} (qemu) dec ecb none`);
        expect(r.artifacts.has(`android/${abi}/lib${o.logo}.a`)).toBe(true);
      }
    }, 600_000);
  }

  it('a library without CBC or decryption refuses them; a corrupted table fails verification', async () => {
    const key = randomBytes(16);
    const o: LibraryOptions = { algorithm: 'aes128', directions: ['enc'], modes: ['ecb'], padding: 'none', preference: 'performance', logo: 'wbskEnc', androidPackages: [], iosBundleIds: [] };
    const lib = generateLibrary(key, o);
    const dir = path.join(work, 'enc-only');
    const r = await verifyLibrary(dir, key, o, lib.files, { randomCount: 4, cross: false, standard: false });
    expect(r.ok).toBe(true);
    const tool = path.join(dir, 'host', 'wbtool');
    expect((await run(tool, ['dec', 'ecb', 'none'], { input: '00'.repeat(16) + '\n' })).stdout.trim()).toBe('ERR -4');
    expect((await run(tool, ['enc', 'cbc', 'none', '00'.repeat(16)], { input: '00'.repeat(16) + '\n' })).stdout.trim()).toBe('ERR -4');
    expect((await run(tool, ['enc', 'ecb', 'none'], { input: '00'.repeat(15) + '\n' })).stdout.trim()).toBe('ERR -1');
    // Corrupt the first 256 entries of a table (one entry alone is read by only ~1 in 256 random
    // blocks, so 24 vectors would miss it most of the time): the vectors must catch it, and a
    // generation whose verification fails never succeeds.
    const files = new Map(lib.files);
    const t = files.get('wbskEnc_tables.c')!.toString();
    const from = t.indexOf('wbskEnc_enc_tf');
    let flipped = 0;
    const tail = t.slice(from).replace(/0x([0-9a-fA-F]+)/g, (lit, hex: string) => {
      if (flipped >= 256) return lit;
      flipped++;
      const last = parseInt(hex.slice(-1), 16) ^ 1;
      return `0x${hex.slice(0, -1)}${last.toString(16)}`;
    });
    files.set('wbskEnc_tables.c', Buffer.from(t.slice(0, from) + tail));
    const bad = await verifyLibrary(path.join(work, 'corrupt'), key, o, files, { randomCount: 24, cross: false, standard: false });
    expect(bad.ok).toBe(false);
  }, 600_000);

  it('an Android build bound to a package refuses to run in another process', async () => {
    const key = randomBytes(16);
    const o: LibraryOptions = { algorithm: 'sm4', directions: ['enc'], modes: ['ecb'], padding: 'none', preference: 'security', logo: 'wbskBound', androidPackages: ['com.example.bank'], iosBundleIds: [] };
    const lib = generateLibrary(key, o);
    const dir = path.join(work, 'bound');
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(dir, { recursive: true });
    for (const [n, d] of lib.files) await writeFile(path.join(dir, n), d);
    // the process name is what Android's /proc/self/cmdline holds; argv0 sets it here
    expect((await run('make', ['-s'], { cwd: dir, env: { CFLAGS: '-O1 -DWB_ANDROID' } })).code).toBe(0);
    const tool = path.join(dir, 'wbtool');
    expect((await run(tool, ['enc', 'ecb', 'none'], { input: '00'.repeat(16) + '\n', argv0: 'com.other.app' })).stdout.trim()).toBe('ERR -3');
    const ok = (await run(tool, ['enc', 'ecb', 'none'], { input: '00'.repeat(16) + '\n', argv0: 'com.example.bank' })).stdout.trim();
    expect(ok).toMatch(/^[0-9a-f]{32}$/);
  }, 600_000);
});
