/**
 * The WeChat mini-program package (.wxapkg). Big-endian throughout:
 *
 *   u8 0xBE, u32 info1 (0), u32 indexLength, u32 bodyLength, u8 0xED   (14 bytes)
 *   index (indexLength bytes): u32 fileCount, fileCount × { u32 nameLength, name (UTF-8, "/app-config.json"), u32 offset, u32 size }
 *   body (bodyLength bytes): the file data; offsets are absolute from the start of the package
 *
 * Layout as read by the public unpackers (e.g. wxappUnpacker, the lrdcq
 * wxapkg_unpack.py scripts). Every count, offset and size is checked against
 * the file; overlapping entries are refused (a packer never writes them, an
 * attacker could use them to hide or alias content); dangerous names are flagged.
 */
import { ByteReader, boundedCount } from '@citadel/engine-core';

export const WXAPKG_FIRST_MARK = 0xbe;
export const WXAPKG_LAST_MARK = 0xed;
export const WXAPKG_HEADER_SIZE = 14;

export type WxapkgNameIssue = 'empty' | 'dot-dot' | 'not-rooted' | 'double-slash' | 'backslash' | 'nul' | 'control-char' | 'drive-letter';

export interface WxapkgEntry {
  /** The name as stored, normally starting with "/". */
  name: string;
  /** The name without its leading "/", as a project-relative path. */
  path: string;
  offset: number;
  size: number;
  /** Empty for an ordinary name; otherwise why extracting it blindly would be unsafe or ambiguous. */
  nameIssues: WxapkgNameIssue[];
}

export interface WxapkgLimits {
  maxEntries: number;
  maxNameLength: number;
}

export const DEFAULT_WXAPKG_LIMITS: WxapkgLimits = { maxEntries: 100_000, maxNameLength: 4096 };

export interface Wxapkg {
  info1: number;
  indexLength: number;
  bodyLength: number;
  entries: WxapkgEntry[];
  /** Oddities that do not stop reading: trailing bytes, entries outside the declared body, duplicate names. */
  warnings: string[];
}

export function isPlainWxapkg(bytes: Uint8Array): boolean {
  return bytes.length >= WXAPKG_HEADER_SIZE && bytes[0] === WXAPKG_FIRST_MARK && bytes[13] === WXAPKG_LAST_MARK;
}

export function parseWxapkg(bytes: Uint8Array, limits: Partial<WxapkgLimits> = {}): Wxapkg {
  const lim = { ...DEFAULT_WXAPKG_LIMITS, ...limits };
  const r = new ByteReader(bytes, 'wxapkg', 'be');
  if (r.length < WXAPKG_HEADER_SIZE + 4) r.fail(`${r.length} bytes is too short for a wxapkg header`, 0);
  if (r.u8(0) !== WXAPKG_FIRST_MARK || r.u8(13) !== WXAPKG_LAST_MARK) {
    if (r.ascii(0, 6) === 'V1MMWX') r.fail('PC-encrypted package (V1MMWX): decrypt it with the app id first', 0);
    r.fail('not a wxapkg (header marks 0xBE … 0xED missing)', 0);
  }
  const info1 = r.u32(1);
  const indexLength = r.u32(5);
  const bodyLength = r.u32(9);
  const indexEnd = WXAPKG_HEADER_SIZE + indexLength;
  if (indexLength < 4 || indexEnd > r.length) r.fail(`index of ${indexLength} bytes does not fit in the file`, 5);
  const bodyEnd = indexEnd + bodyLength;
  const warnings: string[] = [];
  if (bodyEnd > r.length) r.fail(`body of ${bodyLength} bytes runs past the end of the file (${r.length} bytes)`, 9);
  if (bodyEnd < r.length) warnings.push(`${r.length - bodyEnd} bytes after the declared body`);

  const index = r.slice(WXAPKG_HEADER_SIZE, indexLength);
  const count = boundedCount(index, index.u32(0), 'wxapkg entries', lim.maxEntries, 12, 0, indexLength - 4);
  const entries: WxapkgEntry[] = [];
  const seen = new Set<string>();
  let p = 4;
  for (let i = 0; i < count; i++) {
    const nameLength = index.u32(p);
    if (nameLength > lim.maxNameLength) index.fail(`entry ${i}: name of ${nameLength} bytes over the limit`, p);
    const name = Buffer.from(index.bytes(p + 4, nameLength)).toString('utf8');
    const offset = index.u32(p + 4 + nameLength);
    const size = index.u32(p + 8 + nameLength);
    p += 12 + nameLength;
    if (offset + size > r.length) r.fail(`entry ${JSON.stringify(name.slice(0, 100))}: [${offset}, ${offset + size}) runs past the end of the file`, WXAPKG_HEADER_SIZE + p - 8);
    if (offset < indexEnd) r.fail(`entry ${JSON.stringify(name.slice(0, 100))}: data at ${offset} lies inside the header or index`, WXAPKG_HEADER_SIZE + p - 8);
    if (offset + size > bodyEnd) warnings.push(`entry ${name}: data runs past the declared body`);
    if (seen.has(name)) warnings.push(`duplicate entry name ${name}`);
    seen.add(name);
    entries.push({ name, path: name.replace(/^\/+/, ''), offset, size, nameIssues: checkWxapkgName(name) });
  }
  if (p !== indexLength) warnings.push(`index declares ${indexLength} bytes but its entries use ${p}`);
  refuseOverlaps(r, entries);
  return { info1, indexLength, bodyLength, entries, warnings };
}

/** The bytes of one entry (a view, no copy). */
export function wxapkgEntryData(bytes: Uint8Array, entry: Pick<WxapkgEntry, 'offset' | 'size'>): Uint8Array {
  return new ByteReader(bytes, 'wxapkg').bytes(entry.offset, entry.size);
}

function refuseOverlaps(r: ByteReader, entries: WxapkgEntry[]): void {
  const sorted = entries.filter((e) => e.size > 0).sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    if (cur.offset < prev.offset + prev.size) r.fail(`entries ${prev.name} and ${cur.name} overlap`, cur.offset);
  }
}

export function checkWxapkgName(name: string): WxapkgNameIssue[] {
  const issues: WxapkgNameIssue[] = [];
  if (name === '' || name === '/') issues.push('empty');
  if (!name.startsWith('/')) issues.push('not-rooted');
  if (name.includes('\0')) issues.push('nul');
  // eslint-disable-next-line no-control-regex
  if (/[\x01-\x1f\x7f]/.test(name)) issues.push('control-char');
  if (name.includes('\\')) issues.push('backslash');
  if (/^\/*[A-Za-z]:/.test(name)) issues.push('drive-letter');
  if (name.startsWith('//')) issues.push('double-slash');
  if (name.split(/[\\/]/).includes('..')) issues.push('dot-dot');
  return issues;
}
