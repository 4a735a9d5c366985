/**
 * Access to the shared corpus HAP for tests. Until the engine-core ZIP reader
 * lands, entries are taken out with `unzip -p` (test code only); tests skip
 * when the corpus or unzip is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CORPUS_HAP = fileURLToPath(new URL('../../../../../../../shared/corpus/harmony/helloworld-stage.hap', import.meta.url));

function hasUnzip(): boolean {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const corpusHapAvailable = existsSync(CORPUS_HAP);
export const corpusEntriesAvailable = corpusHapAvailable && hasUnzip();

/** The whole HAP file (for the signing block). */
export function corpusHapBytes(): Uint8Array {
  return new Uint8Array(readFileSync(CORPUS_HAP));
}

/** One entry of the corpus HAP, e.g. "ets/modules.abc". */
export function corpusHapEntry(name: string): Uint8Array {
  return new Uint8Array(execFileSync('unzip', ['-p', CORPUS_HAP, name], { maxBuffer: 64 * 1024 * 1024 }));
}

import { seededRandom } from '@citadel/engine-core/testing';

export { seededRandom };

/** Deterministic mutations of `base`: byte flips, 32-bit overwrites with hostile values, truncations. */
export function* mutations(base: Uint8Array, count: number, seed: number, protectPrefix = 0): Generator<Uint8Array> {
  const rnd = seededRandom(seed);
  const hostile = [0, 1, 0x7fffffff, 0xffffffff, 0x80000000, base.length, base.length - 1, 0x10000, 32];
  for (let i = 0; i < count; i++) {
    const kind = i % 4;
    if (kind === 3) {
      yield base.slice(0, protectPrefix + Math.floor(rnd() * (base.length - protectPrefix)));
      continue;
    }
    const m = base.slice();
    const at = () => protectPrefix + Math.floor(rnd() * (m.length - protectPrefix - 4));
    if (kind === 0) {
      for (let k = 0; k < 1 + Math.floor(rnd() * 8); k++) m[at()] = Math.floor(rnd() * 256);
    } else if (kind === 1) {
      new DataView(m.buffer).setUint32(at(), hostile[Math.floor(rnd() * hostile.length)]!, true);
    } else {
      // Header-sized fields are where offsets and counts live: hit them more often.
      const o = Math.min(m.length - 4, Math.floor(rnd() * 64));
      new DataView(m.buffer).setUint32(o, hostile[Math.floor(rnd() * hostile.length)]!, true);
    }
    yield m;
  }
}
