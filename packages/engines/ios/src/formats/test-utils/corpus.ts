/**
 * Test utility: access to the real samples in /work/shared/corpus. Entries
 * are read with the shared ZIP reader (openZip from @citadel/engine-core) when
 * it is exported; until then with the system `unzip -p` (test code only).
 * Tests skip when the corpus, or both readers, are absent.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as core from '@citadel/engine-core';

export const CORPUS_IPA = fileURLToPath(new URL('../../../../../../../shared/corpus/ios/undebuggable.ipa', import.meta.url));
export const CORPUS_APP = 'Payload/UnDebuggable.app';

interface SharedZip {
  read(entry: string): Promise<Uint8Array>;
  close(): Promise<void>;
}
type OpenZip = (path: string) => Promise<SharedZip>;

/** The shared reader, looked up by name so this file compiles before and after it is exported. */
const sharedOpenZip = (core as unknown as { openZip?: OpenZip }).openZip;
const unzipAvailable = sharedOpenZip === undefined && spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status === 0;

/** True when the corpus IPA exists and can be read. */
export const corpusAvailable = existsSync(CORPUS_IPA) && (sharedOpenZip !== undefined || unzipAvailable);

/** One entry of a ZIP file, by exact name. */
export async function unzipEntry(zipPath: string, entry: string): Promise<Uint8Array> {
  if (sharedOpenZip) {
    const zip = await sharedOpenZip(zipPath);
    try {
      return new Uint8Array(await zip.read(entry));
    } finally {
      await zip.close();
    }
  }
  return new Uint8Array(execFileSync('unzip', ['-p', zipPath, entry], { maxBuffer: 256 * 1024 * 1024 }));
}

export function corpusEntry(relativeToApp: string): Promise<Uint8Array> {
  return unzipEntry(CORPUS_IPA, `${CORPUS_APP}/${relativeToApp}`);
}
