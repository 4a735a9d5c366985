/**
 * Mutated ELF files (DIVA's libraries when the corpus is present, built ones
 * always) must parse or fail with FormatError: never another exception, never
 * a hang; the native checks must run on whatever parses.
 */
import { describe, expect, it } from 'vitest';
import { FormatError } from '../binary/byte-reader.ts';
import { CORPUS, hasCorpus, seededRandom } from '../test-support/corpus.ts';
import { withZip } from '../archive/zip-archive.ts';
import { buildElf } from './elf-builder.ts';
import { parseElf } from './elf-reader.ts';
import { checkNativeProtections } from './native-checks.ts';

const CASES_PER_FILE = Number(process.env.ELF_FUZZ_CASES ?? 60);
const INTERESTING = [0, 1, 0x7f, 0xff, 0xffff, 0x7fffffff, 0xffffffff];

function fuzz(original: Buffer, seed: number): { parsed: number; refused: number } {
  const rand = seededRandom(seed);
  const pick = (n: number) => Math.floor(rand() * n);
  let parsed = 0;
  let refused = 0;
  for (let i = 0; i < CASES_PER_FILE; i++) {
    const buf = Buffer.from(original);
    const flips = 1 + pick(6);
    for (let f = 0; f < flips; f++) {
      // Headers live in the first bytes and at e_shoff near the end: bias toward both.
      const at = pick(3) === 0 ? pick(Math.min(buf.length, 512)) : pick(buf.length);
      if (at + 4 > buf.length) continue;
      if (pick(2) === 0) buf[at] = pick(256);
      else buf.writeUInt32LE(INTERESTING[pick(INTERESTING.length)]!, at);
    }
    const input = pick(8) === 0 ? buf.subarray(0, pick(buf.length)) : buf;
    try {
      checkNativeProtections(parseElf(input));
      parsed++;
    } catch (err) {
      expect(err).toBeInstanceOf(FormatError);
      refused++;
    }
  }
  return { parsed, refused };
}

describe('ELF fuzz', () => {
  it('built ELF32/ELF64 files', () => {
    const samples = [buildElf({ imports: ['strcpy'], exports: ['f'], buildId: Buffer.alloc(20, 1), localSymbols: ['x'] }), buildElf({ bits: 32, endian: 'be', imports: ['gets'] })];
    samples.forEach((s, i) => {
      const r = fuzz(s, 100 + i);
      expect(r.parsed + r.refused).toBe(CASES_PER_FILE);
    });
  });

  it.skipIf(!hasCorpus(CORPUS.diva))('DIVA libraries', async () => {
    await withZip(CORPUS.diva, async (zip) => {
      for (const e of zip.entries.filter((x) => x.name.endsWith('.so'))) {
        const r = fuzz(await zip.read(e), e.name.length);
        expect(r.parsed + r.refused).toBe(CASES_PER_FILE);
      }
    });
  });
});
