/**
 * Access to the shared real samples (/work/shared/corpus) for tests and the
 * benchmark. Entries come from the shared ZIP reader when @citadel/engine-core
 * exports it, else from `unzip -p`; callers skip when neither is possible.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as core from '@citadel/engine-core';
import type { ApkLayout } from '../signing/signing-block.ts';

export const CORPUS_ANDROID = fileURLToPath(new URL('../../../../../../../shared/corpus/android/', import.meta.url));

export const corpusApk = (name: string): string => `${CORPUS_ANDROID}${name}`;

interface ZipLike extends ApkLayout {
  entries: readonly { name: string }[];
  read(name: string): Promise<Uint8Array>;
  close(): Promise<void>;
}
type OpenZip = (input: string | Uint8Array) => Promise<ZipLike>;
const openZip = (core as unknown as { openZip?: OpenZip }).openZip;

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

/** True when the sample exists and its entries can be read. */
export const corpusAvailable = (name: string): boolean => existsSync(corpusApk(name)) && (openZip !== undefined || hasUnzip());

/** Every entry name of an APK. */
export async function listEntries(apkPath: string): Promise<string[]> {
  if (openZip) {
    const zip = await openZip(apkPath);
    try {
      return zip.entries.map((e) => e.name);
    } finally {
      await zip.close();
    }
  }
  return execFileSync('unzip', ['-Z1', apkPath], { maxBuffer: 64 << 20 }).toString('utf8').split('\n').filter(Boolean);
}

/** One entry's bytes (at most 256 MiB). */
export async function extractEntry(apkPath: string, entry: string): Promise<Uint8Array> {
  if (openZip) {
    const zip = await openZip(apkPath);
    try {
      return await zip.read(entry);
    } finally {
      await zip.close();
    }
  }
  return new Uint8Array(execFileSync('unzip', ['-p', apkPath, entry], { maxBuffer: 256 << 20 }));
}

/**
 * The APK's layout for the signing-block reader: the shared ZIP reader's
 * object when available, else the file in memory with its EOCD located by a
 * backwards scan (test-only; samples are small).
 */
export async function apkLayout(apkPath: string): Promise<ApkLayout & { close(): Promise<void> }> {
  if (openZip) return openZip(apkPath);
  const bytes = new Uint8Array(readFileSync(apkPath));
  const dv = new DataView(bytes.buffer, bytes.byteOffset);
  for (let p = bytes.length - 22; p >= Math.max(0, bytes.length - 22 - 0xffff); p--) {
    if (dv.getUint32(p, true) === 0x06054b50 && p + 22 + dv.getUint16(p + 20, true) === bytes.length) {
      return { size: bytes.length, eocdOffset: p, centralDirectoryOffset: dv.getUint32(p + 16, true), readAt: (o, n) => bytes.subarray(o, o + n), close: async () => {} };
    }
  }
  throw new Error('no end of central directory record');
}
