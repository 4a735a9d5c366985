/**
 * The shared corpus's real NDK libraries (DIVA: ndk-build for six ABIs;
 * JPush: four ABIs) go through packing with the default strategy. They are
 * bionic libraries and cannot be loaded here, so this proves the structural
 * verification on real linker output (gold/lld layouts, ARM/x86 variants);
 * the load tests run on the libraries built in so.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZipArchive, parseElf } from '@citadel/engine-core';
import { hardenSo } from './module.ts';

const APKS = ['/work/shared/corpus/android/diva.apk', '/work/shared/corpus/compliance/jpush-hbuilder-demo.apk'].filter((p) => existsSync(p));
const ANDROID_MACHINES = new Set([3, 40, 62, 183]);

describe.skipIf(APKS.length === 0)('SO packing on the corpus libraries', () => {
  it('every x86/x86_64/ARM library of DIVA and JPush is packed and passes the structural verification', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shield-so-corpus-'));
    let packed = 0;
    for (const apk of APKS) {
      const zip = await ZipArchive.open(apk);
      try {
        for (const e of zip.entries.filter((x) => /^lib\/[^/]+\/[^/]+\.so$/.test(x.name))) {
          const data = await zip.read(e);
          if (!ANDROID_MACHINES.has(parseElf(data).header.machine)) continue; // MIPS: no Android ABI any more
          const path = join(dir, `${packed}.so`);
          writeFileSync(path, data);
          const r = await hardenSo({ path, name: 'lib.so' }, {}, { workDir: mkdtempSync(join(dir, 'job-')) });
          expect(r.verification.ok, `${apk} ${e.name}: ${JSON.stringify(r.verification.checks.filter((c) => !c.ok))}`).toBe(true);
          expect(r.applied.map((a) => a.id)).toContain('so.pack-text');
          expect(parseElf(data).exports.sort()).toEqual(parseElf(readFileSync(r.outputPath)).exports.sort());
          packed++;
        }
      } finally {
        await zip.close();
      }
    }
    expect(packed).toBeGreaterThanOrEqual(5);
  });
});
