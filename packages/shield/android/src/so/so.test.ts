import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseElf } from '@citadel/engine-core';
import { ShieldError } from '@citadel/shield-core';
import { STRACE, TOOLCHAINS, available, buildNative, runLoader } from '../testing/build-inputs.ts';
import { stripElf } from './elf-strip.ts';
import { hardenSo } from './module.ts';
import { packElf } from './pack/elf-pack.ts';
import { buildStub, stubCompilerAvailable } from './pack/stub-build.ts';
import { verifyPacked } from './pack/verify-pack.ts';

const dir = mkdtempSync(join(tmpdir(), 'shield-so-'));
const usable = TOOLCHAINS.filter((tc) => available(tc));
// All libraries and loaders are compiled at once (the compilers run in parallel).
const built = new Map(usable.map((tc) => [tc.abi, buildNative(tc, mkdtempSync(join(dir, tc.abi)))]));
const EXPECTED = `${2 * 31 + 3 + 12} ${0x10006} ${7 * 31 + 8 + 12} CITADEL_SECRET_ONE CITADEL_SECRET_TWO 1000`;
const job = (): { workDir: string } => ({ workDir: mkdtempSync(join(dir, 'job-')) });
const canPack = (abi: string): boolean => {
  const machine = { x86_64: 62, x86: 3, 'arm64-v8a': 183, 'armeabi-v7a': 40 }[abi]!;
  return stubCompilerAvailable(machine);
};

describe('SO hardening', () => {
  for (const tc of TOOLCHAINS) {
    it.skipIf(!available(tc) || !canPack(tc.abi))(`${tc.abi}: packed library loads and gives the same results; strings, code and internal names gone; exports kept`, async () => {
      const { lib, noInit, loader } = await built.get(tc.abi)!;
      expect(runLoader(tc, loader, lib)).toBe(EXPECTED);
      const r = await hardenSo({ path: lib, name: 'libcitadel.so' }, {}, job());
      expect(r.verification.ok, JSON.stringify(r.verification.checks)).toBe(true);
      expect(r.applied.map((a) => a.id)).toEqual(['so.strip', 'so.pack-text', 'so.strings', 'so.integrity']);
      expect(r.verification.checks.map((c) => c.id)).toEqual(['elf', 'pack.structure', 'pack.roundtrip', 'pack.secrecy']);
      expect(runLoader(tc, loader, r.outputPath)).toBe(EXPECTED);
      const out = readFileSync(r.outputPath);
      for (const s of ['CITADEL_SECRET_ONE', 'CITADEL_SECRET_TWO', 'secret_mixer_internal']) expect(out.includes(s), s).toBe(false);
      expect(readFileSync(lib).includes('CITADEL_SECRET_ONE')).toBe(true);
      const elf = parseElf(out);
      expect(elf.symbols).toHaveLength(0);
      expect(elf.exports).toEqual(expect.arrayContaining(['JNI_OnLoad', 'Java_com_example_app_Native_sum', 'citadel_api_add']));
      expect(elf.exports.sort()).toEqual(parseElf(readFileSync(lib)).exports.sort());
      // no W+E segment (bionic refuses them)
      expect(elf.programHeaders.some((p) => p.type === 1 && (p.flags & 3) === 3)).toBe(false);
      // a patched library (one byte of the encrypted code changed) stops in the constructor: exit code 137
      const patched = Buffer.from(out);
      const textSec = parseElf(readFileSync(lib)).sections.find((x) => x.name === '.text')!;
      patched[textSec.offset + 5]! ^= 0x40;
      const pf = join(mkdtempSync(join(dir, 'patched-')), 'l.so');
      writeFileSync(pf, patched);
      expect(runLoader(tc, loader, pf)).toMatch(/^failed \(exit 137\)/);
      // a library without DT_INIT: the packer takes a spare DT_NULL slot
      const n = await hardenSo({ path: noInit, name: 'libnoinit.so' }, {}, job());
      expect(n.verification.ok, JSON.stringify(n.verification.checks)).toBe(true);
      expect(n.applied.find((a) => a.id === 'so.pack-text')?.detail).toMatch(/spare-slot/);
      expect(runLoader(tc, loader, n.outputPath)).toBe(EXPECTED);
      console.info(`[measure] ${tc.abi}: ${r.metrics.inputBytes} → ${r.metrics.outputBytes} bytes, protect+verify ${r.metrics.protectMs} ms`);
    });
  }

  it.skipIf(!existsSync(STRACE) || usable.length === 0)('anti-debug: a traced load ends the process, an untraced one runs; "exit" uses exit code 137', async () => {
    for (const tc of usable.filter((x) => ['x86_64', 'arm64-v8a'].includes(x.abi) && canPack(x.abi))) {
      const { lib, loader } = await built.get(tc.abi)!;
      const kill = await hardenSo({ path: lib, name: 'l.so' }, { antiDebug: 'kill' }, job());
      expect(kill.verification.ok).toBe(true);
      expect(runLoader(tc, loader, kill.outputPath)).toBe(EXPECTED);
      expect(runLoader(tc, loader, lib, true)).toBe(EXPECTED);
      const traced = runLoader(tc, loader, kill.outputPath, true);
      expect(traced).toMatch(/^failed/);
      expect(traced).not.toContain('CITADEL');
      const exit = await hardenSo({ path: lib, name: 'l.so' }, { antiDebug: 'exit' }, job());
      expect(runLoader(tc, loader, exit.outputPath, true)).toMatch(/^failed \(exit 137\)/);
    }
  });

  it.skipIf(usable.length === 0)('moved .dynamic (libraries without a spare slot); the structural check catches a wrong key, stub or range', async () => {
    for (const tc of usable.filter((x) => canPack(x.abi)).slice(0, 2)) {
      const { noInit, loader } = await built.get(tc.abi)!;
      const input = stripElf(readFileSync(noInit)).bytes;
      const stub = await buildStub(parseElf(input).header.machine);
      const p = packElf(input, stub, { packText: true, strings: 'listed', markers: ['SECRET_ONE'], minStringLength: 4, antiDebug: 'off', integrity: 'exit', exitCode: 1, key: 0x1234567, forceMoveDynamic: true });
      expect(p.hook).toBe('moved-dynamic');
      expect(p.strings).toEqual(['CITADEL_SECRET_ONE']);
      const text = p.ranges.find((r) => r.kind === 'text')!;
      const checks = verifyPacked(input, p.bytes, stub, { markers: ['SECRET_ONE'], strings: p.strings, textRange: text });
      expect(checks.every((c) => c.ok), JSON.stringify(checks)).toBe(true);
      const f = join(mkdtempSync(join(dir, 'moved-')), 'l.so');
      writeFileSync(f, p.bytes);
      expect(runLoader(tc, loader, f)).toBe(EXPECTED);
      expect(p.bytes.includes('CITADEL_SECRET_TWO')).toBe(true); // only the listed string was encrypted

      const tamper = (at: number): Buffer => {
        const b = Buffer.from(p.bytes);
        b[at]! ^= 0x55;
        return b;
      };
      const stubAt = p.bytes.indexOf(stub.code);
      const w = parseElf(p.bytes).header.bits === 64 ? 8 : 4;
      const keyAt = stubAt + stub.paramsOffset + 3 * w;
      const failed = (b: Buffer): string | undefined => verifyPacked(input, b, stub, { markers: ['SECRET_ONE'], strings: p.strings, textRange: text }).find((c) => !c.ok)?.id;
      expect(failed(tamper(keyAt))).toBe('roundtrip');
      expect(failed(tamper(stubAt + 8))).toBe('structure');
      const textOff = parseElf(input).sections.find((s) => s.name === '.text')!.offset;
      expect(failed(tamper(textOff + 3))).toBe('structure'); // the integrity checksum no longer matches
      // an unpacked copy is not accepted as packed
      expect(failed(Buffer.from(input))).toBe('structure');
    }
  });

  it('hostile and unsuitable inputs are clear errors, never a half-protected file', async () => {
    const tc = usable.find((x) => canPack(x.abi));
    if (!tc) return;
    const d = mkdtempSync(join(dir, 'bad'));
    const { lib } = await built.get(tc.abi)!;
    const once = stripElf(readFileSync(lib)).bytes;
    expect(stripElf(once).removed).toEqual([]);
    const stripped = join(d, 'stripped.so');
    writeFileSync(stripped, once);
    await expect(hardenSo({ path: stripped, name: 'x.so' }, { packText: false, encryptStrings: 'off' }, job())).rejects.toMatchObject({ code: 'SHIELD_NOTHING_TO_DO' });
    // an already stripped library can still be packed
    expect((await hardenSo({ path: stripped, name: 'x.so' }, {}, job())).verification.ok).toBe(true);
    await expect(hardenSo({ path: stripped, name: 'x.so' }, { packText: false, encryptStrings: 'listed', stringList: ['NOT_IN_THIS_LIBRARY'] }, job())).rejects.toMatchObject({ code: 'SHIELD_NOTHING_TO_DO' });
    await expect(hardenSo({ path: stripped, name: 'x.so' }, { encryptStrings: 'listed' }, job())).rejects.toMatchObject({ code: 'SHIELD_BAD_STRATEGY' });
    const truncated = join(d, 'trunc.so');
    writeFileSync(truncated, readFileSync(lib).subarray(0, 200));
    const err = await hardenSo({ path: truncated, name: 'x.so' }, {}, job()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShieldError);
    expect((err as ShieldError).code).toBe('SHIELD_ELF_UNSUPPORTED');
    expect((err as ShieldError).text['zh-CN']).toMatch(/ELF/);
    const text = join(d, 'text.so');
    writeFileSync(text, 'not an elf at all, just text');
    await expect(hardenSo({ path: text, name: 'x.so' }, {}, job())).rejects.toMatchObject({ code: 'SHIELD_ELF_UNSUPPORTED' });
    // a machine no Android ABI uses (RISC-V) is refused by name
    const riscv = Buffer.from(once);
    riscv.writeUInt16LE(243, 18);
    writeFileSync(join(d, 'rv.so'), riscv);
    await expect(hardenSo({ path: join(d, 'rv.so'), name: 'rv.so' }, {}, job())).rejects.toMatchObject({ code: 'SHIELD_SO_ARCH' });
    // program headers pointing past the end
    const broken = Buffer.from(once);
    broken.writeUInt32LE(0x7fffff00, parseElf(once).header.bits === 64 ? 0x20 : 0x1c);
    writeFileSync(join(d, 'ph.so'), broken);
    await expect(hardenSo({ path: join(d, 'ph.so'), name: 'ph.so' }, {}, job())).rejects.toMatchObject({ code: 'SHIELD_ELF_UNSUPPORTED' });
    // an executable (not ET_DYN) is refused with the reason
    const exe = Buffer.from(once);
    exe.writeUInt16LE(2, 16);
    writeFileSync(join(d, 'exe.so'), exe);
    const e2 = await hardenSo({ path: join(d, 'exe.so'), name: 'exe.so' }, {}, job()).catch((e: unknown) => e);
    expect((e2 as ShieldError).code).toBe('SHIELD_SO_UNSUPPORTED');
    expect((e2 as ShieldError).text['zh-CN']).toMatch(/ET_DYN/);
  });

  it('mutated libraries (fuzz): every outcome is a verified file or a ShieldError, never a crash', async () => {
    const tc = usable.find((x) => canPack(x.abi));
    if (!tc) return;
    const { lib } = await built.get(tc.abi)!;
    const orig = stripElf(readFileSync(lib)).bytes;
    const d = mkdtempSync(join(dir, 'fuzz-'));
    let seed = 12345;
    const rnd = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const outcomes = { ok: 0, refused: 0 };
    for (let i = 0; i < 150; i++) {
      const b = Buffer.from(orig);
      // flip bytes in the headers and tables the packer reads (first 2 KiB and the section table at the end)
      for (let k = 0; k < 1 + rnd(4); k++) {
        const at = rnd(2) ? rnd(Math.min(2048, b.length)) : b.length - 1 - rnd(Math.min(1024, b.length));
        b[at] = rnd(256);
      }
      const f = join(d, `${i}.so`);
      writeFileSync(f, b);
      try {
        const r = await hardenSo({ path: f, name: 'f.so' }, {}, { workDir: mkdtempSync(join(d, 'j-')) });
        if (r.verification.ok) outcomes.ok++;
        else outcomes.refused++; // the job runner ends such a result as EXCEPTION
      } catch (e) {
        expect(e, String(e)).toBeInstanceOf(ShieldError);
        outcomes.refused++;
      }
    }
    expect(outcomes.ok + outcomes.refused).toBe(150);
  });
});
