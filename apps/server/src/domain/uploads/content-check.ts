/**
 * Is the file what its extension says? Checked by content, never by name alone:
 * magic bytes for single-format files, and for ZIP-based packages the central
 * directory (read by the safe archive reader, never extracted) must hold the
 * entries that make the package what it claims to be.
 */
import { open } from 'node:fs/promises';
import { FormatError, withZip, type ZipArchive } from '@citadel/engine-core';

type ZipRule = (names: readonly string[]) => boolean;

const has = (name: string): ZipRule => (names) => names.includes(name);
const some = (test: (n: string) => boolean): ZipRule => (names) => names.some(test);
const all = (...rules: ZipRule[]): ZipRule => (names) => rules.every((r) => r(names));
const any = (...rules: ZipRule[]): ZipRule => (names) => rules.some((r) => r(names));

/** Entries that identify each ZIP-based package (facts of the formats, not guesses). */
const ZIP_RULES: Record<string, ZipRule> = {
  apk: has('AndroidManifest.xml'),
  aab: any(has('base/manifest/AndroidManifest.xml'), has('BundleConfig.pb')),
  aar: has('AndroidManifest.xml'),
  jar: any(has('META-INF/MANIFEST.MF'), some((n) => n.endsWith('.class'))),
  xapk: all(has('manifest.json'), some((n) => n.endsWith('.apk'))),
  apks: some((n) => n.endsWith('.apk')),
  ipa: some((n) => /^Payload\/[^/]+\.app\//.test(n)),
  hap: any(has('module.json'), has('config.json')),
  app: has('pack.info'),
  // Alipay .amr offline packages are ZIP archives without a fixed entry set (the engine judges the content).
  amr: () => true,
  zip: () => true,
};

type MagicRule = (head: Buffer, size: number) => boolean;

const startsWith = (bytes: number[]): MagicRule => (head) => bytes.every((b, i) => head[i] === b);

const MAGIC_RULES: Record<string, MagicRule> = {
  // WeChat mini-program package: 0xBE at 0 and 0xED at 13; PC-encrypted packages start "V1MMWX".
  wxapkg: (head) => (head[0] === 0xbe && head[13] === 0xed) || head.subarray(0, 6).toString('latin1') === 'V1MMWX',
  'tar.gz': startsWith([0x1f, 0x8b, 0x08]),
  tgz: startsWith([0x1f, 0x8b, 0x08]),
  // POSIX tar: "ustar" at offset 257.
  tar: (head) => head.length >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar',
  jpg: startsWith([0xff, 0xd8, 0xff]),
  jpeg: startsWith([0xff, 0xd8, 0xff]),
  png: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  // Broadcom TRX firmware header.
  trx: (head) => head.subarray(0, 4).toString('latin1') === 'HDR0',
  // Raw firmware images have no common magic: the sanity check is that they are not text files.
  bin: (head) => !looksLikeText(head),
  img: (head) => !looksLikeText(head),
};

function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return true;
  for (const b of head) if (b === 0 || (b < 0x09) || (b > 0x0d && b < 0x20)) return false;
  return true;
}

async function readHead(filePath: string, length: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function zipNames(filePath: string): Promise<readonly string[] | undefined> {
  try {
    return await withZip(filePath, async (zip: ZipArchive) => zip.entries.map((e) => e.name));
  } catch (err) {
    if (err instanceof FormatError) return undefined;
    throw err;
  }
}

/** Whether this extension has a content check (every accepted extension must). */
export function isCheckedExtension(extension: string): boolean {
  return extension in ZIP_RULES || extension in MAGIC_RULES;
}

/** True when the file's content matches its extension. */
export async function contentMatchesExtension(filePath: string, extension: string, size: number): Promise<boolean> {
  const zipRule = ZIP_RULES[extension];
  if (zipRule) {
    const head = await readHead(filePath, 4);
    if (!startsWith([0x50, 0x4b, 0x03, 0x04])(head, size) && !startsWith([0x50, 0x4b, 0x05, 0x06])(head, size)) return false;
    const names = await zipNames(filePath);
    return names !== undefined && zipRule(names);
  }
  const magic = MAGIC_RULES[extension];
  if (!magic) return false;
  return magic(await readHead(filePath, 512), size);
}
