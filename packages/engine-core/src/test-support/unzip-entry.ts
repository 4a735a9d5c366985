/**
 * Test-only shortcut to one entry of a real sample without the ZIP reader:
 * `unzip -p`. Tests skip when the unzip tool is missing (see hasUnzip).
 */
import { execFileSync } from 'node:child_process';

export const hasUnzip: boolean = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export function unzipEntry(zip: string, entry: string): Buffer {
  return execFileSync('unzip', ['-p', zip, entry], { maxBuffer: 50_000_000 });
}

/** `count` copies of `base`, each with `flips` random bytes replaced: deterministic mutation cases for hostile-input tests. */
export function mutations(base: Uint8Array, count: number, random: () => number, flips = 1): Buffer[] {
  return Array.from({ length: count }, () => {
    const m = Buffer.from(base);
    for (let k = 0; k < flips; k++) m[Math.floor(random() * m.length)] = Math.floor(random() * 256);
    return m;
  });
}
