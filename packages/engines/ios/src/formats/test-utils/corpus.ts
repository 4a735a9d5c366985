/**
 * Test utility: access to the real samples in /work/shared/corpus. Until the
 * shared ZIP reader lands in engine-core, entries are extracted with the
 * system `unzip -p` (test code only); tests skip when the corpus or unzip is absent.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CORPUS_IPA = fileURLToPath(new URL('../../../../../../../shared/corpus/ios/undebuggable.ipa', import.meta.url));
export const CORPUS_APP = 'Payload/UnDebuggable.app';

const unzipAvailable = spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status === 0;

/** True when the corpus IPA exists and can be read. */
export const corpusAvailable = existsSync(CORPUS_IPA) && unzipAvailable;

/** One entry of a ZIP file, by exact name. */
export function unzipEntry(zipPath: string, entry: string): Uint8Array {
  return new Uint8Array(execFileSync('unzip', ['-p', zipPath, entry], { maxBuffer: 256 * 1024 * 1024 }));
}

export function corpusEntry(relativeToApp: string): Uint8Array {
  return unzipEntry(CORPUS_IPA, `${CORPUS_APP}/${relativeToApp}`);
}
