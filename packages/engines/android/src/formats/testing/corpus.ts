/**
 * Access to the shared real samples (/work/shared/corpus) for tests and the
 * benchmark. Entries are pulled out with `unzip -p` until the shared ZIP
 * reader lands; callers skip when the corpus or unzip is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CORPUS_ANDROID = fileURLToPath(new URL('../../../../../../../shared/corpus/android/', import.meta.url));

export const corpusApk = (name: string): string => `${CORPUS_ANDROID}${name}`;

let unzipPresent: boolean | undefined;
export function hasUnzip(): boolean {
  if (unzipPresent === undefined) {
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
      unzipPresent = true;
    } catch {
      unzipPresent = false;
    }
  }
  return unzipPresent;
}

/** True when the sample exists and entries can be extracted. */
export const corpusAvailable = (name: string): boolean => existsSync(corpusApk(name)) && hasUnzip();

/** One entry's bytes (at most 256 MiB). */
export function extractEntry(apkPath: string, entry: string): Uint8Array {
  return new Uint8Array(execFileSync('unzip', ['-p', apkPath, entry], { maxBuffer: 256 << 20 }));
}

/** Entry names of an APK, from `unzip -Z1`. */
export function listEntries(apkPath: string): string[] {
  return execFileSync('unzip', ['-Z1', apkPath], { maxBuffer: 64 << 20 }).toString('utf8').split('\n').filter(Boolean);
}
