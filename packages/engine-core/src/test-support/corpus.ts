/**
 * Test utility: paths of the shared real samples (/work/shared/corpus, see its
 * README). Tests that use them skip cleanly when the folder is absent.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));

export const CORPUS = {
  diva: `${CORPUS_DIR}android/diva.apk`,
  uncrackable: `${CORPUS_DIR}android/uncrackable-level1.apk`,
  ipa: `${CORPUS_DIR}ios/undebuggable.ipa`,
  hap: `${CORPUS_DIR}harmony/helloworld-stage.hap`,
} as const;

export const hasCorpus = (file: string): boolean => existsSync(file);

/** A small deterministic PRNG (mulberry32) so fuzz cases are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
