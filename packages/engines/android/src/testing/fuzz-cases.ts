/**
 * Fuzz cases of whole Android packages, built from a real sample and a seed
 * (deterministic): one entry's bytes mutated (manifest, DEX, resource table,
 * native library) and the package re-zipped with engine-core's buildZip; the
 * file truncated; the central directory / end record damaged; raw byte flips
 * over the whole file. Used by fuzz.test.ts and bench/fuzz.bench.ts.
 */
import { readFileSync } from 'node:fs';
import { buildZip, openZip } from '@citadel/engine-core';
import { mutate, prng } from '../formats/testing/mutate.ts';

export interface FuzzSample {
  name: string;
  bytes: Buffer;
  entries: { name: string; data: Buffer }[];
  /** Where the central directory starts and the end record sits in `bytes`. */
  centralDirectoryOffset: number;
  eocdOffset: number;
}

export interface FuzzCase {
  seed: number;
  /** What was done, for the failure message: e.g. "entry classes.dex mutated". */
  what: string;
  bytes: Uint8Array;
}

/** Entries whose parsers the engine runs: the mutation targets of `entry` cases. */
const PARSED = /^(AndroidManifest\.xml|resources\.arsc|classes\d*\.dex|lib\/[^/]+\/[^/]+\.so)$/;

export async function loadFuzzSample(path: string): Promise<FuzzSample> {
  const bytes = readFileSync(path);
  const zip = await openZip(new Uint8Array(bytes));
  try {
    const entries: FuzzSample['entries'] = [];
    for (const e of zip.entries) if (!e.name.endsWith('/')) entries.push({ name: e.name, data: Buffer.from(await zip.read(e.name)) });
    return { name: path.split('/').pop()!, bytes, entries, centralDirectoryOffset: zip.centralDirectoryOffset, eocdOffset: zip.eocdOffset };
  } finally {
    await zip.close();
  }
}

const KINDS = ['entry', 'entry', 'entry', 'truncate', 'central-directory', 'bytes'] as const;

export function fuzzCase(sample: FuzzSample, seed: number): FuzzCase {
  const rnd = prng(seed ^ 0x5bd1e995);
  const int = (n: number) => Math.floor(rnd() * n);
  const kind = KINDS[int(KINDS.length)]!;
  if (kind === 'entry') {
    const targets = sample.entries.filter((e) => PARSED.test(e.name));
    const target = targets[int(targets.length)]!;
    // DEX and native code keep their tables in the first few KiB; manifests and tables are small anyway.
    const bias = target.name.endsWith('.dex') ? 0x200 : target.name.endsWith('.so') ? 0x1000 : 0x400;
    const mutated = Buffer.from(mutate(target.data, seed, bias));
    // Stored entries keep the re-zip cheap; the engine reads either method.
    const bytes = buildZip(sample.entries.map((e) => ({ name: e.name, data: e === target ? mutated : e.data, method: 'stored' as const })));
    return { seed, what: `entry ${target.name} mutated (${mutated.length} of ${target.data.length} bytes)`, bytes };
  }
  if (kind === 'truncate') {
    const cut = int(sample.bytes.length);
    return { seed, what: `truncated at ${cut}`, bytes: sample.bytes.subarray(0, cut) };
  }
  if (kind === 'central-directory') {
    const out = Buffer.from(sample.bytes);
    const start = sample.centralDirectoryOffset;
    const edits = 1 + int(6);
    for (let i = 0; i < edits; i++) {
      // Half the edits hit the end record's counts and offsets, half the central records.
      const p = rnd() < 0.5 ? sample.eocdOffset + 8 + int(14) : start + int(Math.max(1, sample.eocdOffset - start));
      const v = [0, 0xff, 0xffff, 0xffffffff, 0x7fffffff, int(0x10000)][int(6)]!;
      if (p + 4 <= out.length && rnd() < 0.5) out.writeUInt32LE(v >>> 0, p);
      else if (p + 2 <= out.length) out.writeUInt16LE(v & 0xffff, p);
    }
    return { seed, what: `central directory damaged (${edits} edits)`, bytes: out };
  }
  return { seed, what: 'raw byte flips over the file', bytes: mutate(sample.bytes, seed * 4, 0x400) };
}
