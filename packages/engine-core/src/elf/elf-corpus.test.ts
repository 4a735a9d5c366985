/**
 * The native libraries of DIVA, read out of the APK with the ZIP reader.
 * Expected values are what the files really say (checked with readelf):
 * every ABI build has an executable PT_GNU_STACK (so no NX), imports strcpy,
 * has full RELRO, and only the x86 build imports __stack_chk_fail.
 */
import { describe, expect, it } from 'vitest';
import { CORPUS, hasCorpus } from '../test-support/corpus.ts';
import { withZip } from '../archive/zip-archive.ts';
import { parseElf } from './elf-reader.ts';
import { checkNativeProtections } from './native-checks.ts';

const EXPECTED: Record<string, { arch: string; bits: 32 | 64; canary: boolean; aligned16k: boolean }> = {
  'arm64-v8a': { arch: 'arm64', bits: 64, canary: false, aligned16k: true },
  'armeabi-v7a': { arch: 'arm', bits: 32, canary: false, aligned16k: false },
  armeabi: { arch: 'arm', bits: 32, canary: false, aligned16k: false },
  mips: { arch: 'mips', bits: 32, canary: false, aligned16k: true },
  mips64: { arch: 'mips', bits: 64, canary: false, aligned16k: true },
  x86: { arch: 'x86', bits: 32, canary: true, aligned16k: false },
  x86_64: { arch: 'x86_64', bits: 64, canary: false, aligned16k: false },
};

describe('ELF reader on DIVA libdivajni.so', () => {
  it.skipIf(!hasCorpus(CORPUS.diva))('reports the true protections of every ABI build', async () => {
    await withZip(CORPUS.diva, async (zip) => {
      const libs = zip.entries.filter((e) => /^lib\/[^/]+\/libdivajni\.so$/.test(e.name));
      expect(libs.map((e) => e.name.split('/')[1]).sort()).toEqual(Object.keys(EXPECTED).sort());
      for (const entry of libs) {
        const abi = entry.name.split('/')[1]!;
        const want = EXPECTED[abi]!;
        const elf = parseElf(await zip.read(entry));
        expect(elf.warnings, abi).toEqual([]);
        expect(elf.dynamic?.needed, abi).toEqual(['libstdc++.so', 'libm.so', 'libc.so', 'libdl.so']);
        expect(elf.dynamic?.soname, abi).toBe('libdivajni.so');
        expect(elf.exports, abi).toContain('JNI_OnLoad');
        expect(elf.exports.filter((n) => n.startsWith('Java_jakhar_aseem_diva_')), abi).toHaveLength(2);
        const p = checkNativeProtections(elf);
        expect(p, abi).toMatchObject({
          architecture: want.arch,
          bits: want.bits,
          nx: false,
          gnuStack: 'RWX',
          pie: true,
          pieExecutable: false,
          stackCanary: want.canary,
          relro: 'full',
          fortify: false,
          stripped: true,
          rpath: [],
          runpath: [],
        });
        expect(p.dangerousFunctions.map((f) => f.name), abi).toEqual(['strcpy']);
        expect(p.loadAlignment.aligned16k, abi).toBe(want.aligned16k);
        expect(p.loadAlignment.required16k, abi).toBe(want.bits === 64);
      }
      expect(checkNativeProtections(parseElf(await zip.read('lib/arm64-v8a/libdivajni.so'))).androidAbi).toBe('arm64-v8a');
      expect(checkNativeProtections(parseElf(await zip.read('lib/armeabi-v7a/libdivajni.so'))).androidAbi).toBe('armeabi-v7a');
    });
  });
});
