import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseElf } from '@citadel/engine-core';
import { ShieldError } from '@citadel/shield-core';
import { TOOLCHAINS, available, buildNative, runLoader } from '../testing/build-inputs.ts';
import { stripElf } from './elf-strip.ts';
import { hardenSo } from './module.ts';

const dir = mkdtempSync(join(tmpdir(), 'shield-so-'));
const usable = TOOLCHAINS.filter(available);
// All libraries and loaders are compiled at once (the compilers run in parallel).
const built = new Map<string, Promise<{ lib: string; loader: string }>>(usable.map((tc) => [tc.abi, buildNative(tc, mkdtempSync(join(dir, tc.abi)))]));

describe('SO hardening', () => {
  for (const tc of TOOLCHAINS) {
    it.skipIf(!available(tc))(`${tc.abi}: stripped library loads and gives the same results; internal names gone, JNI exports kept`, async () => {
      const d = mkdtempSync(join(dir, `${tc.abi}-job`));
      const { lib, loader } = await built.get(tc.abi)!;
      const before = runLoader(tc, loader, lib);
      expect(before).toBe(`${2 * 31 + 3 + 12} ${0x10006} ${7 * 31 + 8 + 12}`);
      const r = await hardenSo({ path: lib, name: 'libcitadel.so' }, {}, { workDir: d });
      expect(r.verification.ok, JSON.stringify(r.verification.checks)).toBe(true);
      expect(runLoader(tc, loader, r.outputPath)).toBe(before);
      const out = readFileSync(r.outputPath);
      expect(out.includes('secret_mixer_internal')).toBe(false);
      expect(readFileSync(lib).includes('secret_mixer_internal')).toBe(true);
      const elf = parseElf(out);
      expect(elf.symbols).toHaveLength(0);
      expect(elf.exports).toEqual(expect.arrayContaining(['JNI_OnLoad', 'Java_com_example_app_Native_sum', 'citadel_api_add']));
      expect(elf.sections.some((s) => s.name.startsWith('.debug'))).toBe(false);
      expect(r.metrics.outputBytes).toBeLessThan(r.metrics.inputBytes!);
    });
  }

  it('a stripped library is refused as nothing to do; a truncated or non-ELF file is a clear error', async () => {
    const tc = usable[0];
    if (!tc) return;
    const d = mkdtempSync(join(dir, 'bad'));
    const { lib } = await built.get(tc.abi)!;
    const once = stripElf(readFileSync(lib)).bytes;
    expect(stripElf(once).removed).toEqual([]);
    const stripped = join(d, 'stripped.so');
    writeFileSync(stripped, once);
    await expect(hardenSo({ path: stripped, name: 'x.so' }, {}, { workDir: d })).rejects.toMatchObject({ code: 'SHIELD_NOTHING_TO_DO' });
    const truncated = join(d, 'trunc.so');
    writeFileSync(truncated, readFileSync(lib).subarray(0, 200));
    const err = await hardenSo({ path: truncated, name: 'x.so' }, {}, { workDir: d }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShieldError);
    expect((err as ShieldError).code).toBe('SHIELD_ELF_UNSUPPORTED');
    expect((err as ShieldError).text['zh-CN']).toMatch(/ELF/);
    const text = join(d, 'text.so');
    writeFileSync(text, 'not an elf at all, just text');
    await expect(hardenSo({ path: text, name: 'x.so' }, {}, { workDir: d })).rejects.toMatchObject({ code: 'SHIELD_ELF_UNSUPPORTED' });
  });
});
