/**
 * Mutates the real corpus archives (deterministically) and asserts that every
 * case either reads or fails with a FormatError: never another exception,
 * never a hang (the test timeout is the hang detector).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../binary/byte-reader.ts';
import { CORPUS, hasCorpus, seededRandom } from '../test-support/corpus.ts';
import { ZipArchive } from './zip-archive.ts';

// A few hundred cases in `npm test`; set ZIP_FUZZ_CASES for a longer run.
const CASES_PER_FILE = Number(process.env.ZIP_FUZZ_CASES ?? 90);
const INTERESTING = [0, 1, 0x7fffffff, 0xffffffff, 0xffff, 0x10000];

function mutate(original: Buffer, rand: () => number): Buffer {
  const pick = (n: number) => Math.floor(rand() * n);
  const buf = Buffer.from(original);
  const cdStart = Math.max(0, buf.length - 4096 - pick(60_000));
  const kind = pick(5);
  if (kind === 0) return buf.subarray(0, pick(buf.length)); // truncated
  const flips = 1 + pick(8);
  for (let i = 0; i < flips; i++) {
    // Bias toward the structures (central directory, EOCD, first local headers) over compressed payload.
    const region = pick(3);
    const at = region === 0 ? cdStart + pick(buf.length - cdStart) : region === 1 ? pick(Math.min(buf.length, 4096)) : pick(buf.length);
    if (at + 4 > buf.length) continue;
    if (kind === 1) buf[at] = pick(256);
    else if (kind === 2) buf.writeUInt32LE(INTERESTING[pick(INTERESTING.length)]!, at);
    else if (kind === 3) buf.writeUInt32LE(pick(buf.length + 100), at); // an offset-like value
    else buf.writeUInt16LE(pick(0x10000), at);
  }
  return buf;
}

async function exercise(buf: Buffer): Promise<'read' | 'format-error'> {
  try {
    const zip = await ZipArchive.open(buf, { limits: { maxEntrySize: 64 * 1024 * 1024, maxTotalUncompressed: 256 * 1024 * 1024 } });
    for (const e of zip.entries) {
      try {
        await zip.read(e);
      } catch (err) {
        if (!(err instanceof FormatError)) throw err;
      }
    }
    const first = zip.entries.find((e) => !e.isDirectory);
    if (first) {
      try {
        for await (const chunk of zip.stream(first)) void chunk;
      } catch (err) {
        if (!(err instanceof FormatError)) throw err;
      }
    }
    return 'read';
  } catch (err) {
    if (err instanceof FormatError) return 'format-error';
    throw err;
  }
}

describe('ZIP fuzz on the corpus', () => {
  for (const [label, file] of Object.entries(CORPUS)) {
    it.skipIf(!hasCorpus(file))(`${label}: ${CASES_PER_FILE} mutations read or fail with FormatError`, async () => {
      const original = readFileSync(file);
      const rand = seededRandom(0xc17ade1 + label.length);
      const outcomes = { read: 0, 'format-error': 0 };
      for (let i = 0; i < CASES_PER_FILE; i++) outcomes[await exercise(mutate(original, rand))]++;
      expect(outcomes.read + outcomes['format-error']).toBe(CASES_PER_FILE);
      expect(outcomes['format-error']).toBeGreaterThan(0);
    }, 120_000);
  }
});
