/**
 * TAR header blocks (POSIX ustar, pax extended headers, GNU long names):
 * pure parsing of 512-byte blocks, every field bounded by its width.
 */
import { FormatError } from '../binary/byte-reader.ts';

export const BLOCK = 512;

export type TarEntryType = 'file' | 'directory' | 'symlink' | 'hardlink' | 'other';

export interface TarHeader {
  name: string;
  mode: number;
  size: number;
  mtime: number;
  typeFlag: string;
  linkName: string;
  /** 'ustar' (POSIX, with prefix), 'gnu' ("ustar  "), or 'v7' (no magic). */
  flavour: 'ustar' | 'gnu' | 'v7';
}

/** Type flags of meta headers that describe the next entry rather than being one. */
export const META_TYPES = new Set(['x', 'g', 'L', 'K']);

export function entryType(flag: string): TarEntryType {
  if (flag === '0' || flag === '\0' || flag === '7') return 'file';
  if (flag === '5') return 'directory';
  if (flag === '2') return 'symlink';
  if (flag === '1') return 'hardlink';
  return 'other';
}

export function isZeroBlock(block: Buffer): boolean {
  for (const b of block) if (b !== 0) return false;
  return true;
}

function text(block: Buffer, start: number, width: number): string {
  const field = block.subarray(start, start + width);
  const nul = field.indexOf(0);
  return field.subarray(0, nul === -1 ? width : nul).toString('utf8');
}

/** Octal ASCII (space/NUL terminated) or GNU base-256 when the top bit of the first byte is set. */
export function numeric(block: Buffer, start: number, width: number, what: string, at: number): number {
  const field = block.subarray(start, start + width);
  if (field[0]! & 0x80) {
    if (field[0] === 0xff) throw new FormatError(`negative ${what}`, 'tar', at + start);
    let v = field[0]! & 0x7f;
    for (let i = 1; i < field.length; i++) {
      v = v * 256 + field[i]!;
      if (!Number.isSafeInteger(v)) throw new FormatError(`${what} too large`, 'tar', at + start);
    }
    return v;
  }
  const s = field.toString('latin1').replace(/[\0 ]+$/, '').replace(/^ +/, '');
  if (s === '') return 0;
  if (!/^[0-7]+$/.test(s)) throw new FormatError(`${what} is not an octal number: ${JSON.stringify(s)}`, 'tar', at + start);
  return parseInt(s, 8);
}

export function parseHeader(block: Buffer, at: number): TarHeader {
  const declared = numeric(block, 148, 8, 'checksum', at);
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const b = i >= 148 && i < 156 ? 0x20 : block[i]!;
    unsigned += b;
    signed += b > 127 ? b - 256 : b;
  }
  if (declared !== unsigned && declared !== signed) throw new FormatError('header checksum mismatch (not a TAR, or corrupt)', 'tar', at);
  const magic = block.subarray(257, 265).toString('latin1');
  const flavour = magic.startsWith('ustar\0') ? 'ustar' : magic === 'ustar  \0' ? 'gnu' : 'v7';
  let name = text(block, 0, 100);
  if (flavour === 'ustar') {
    const prefix = text(block, 345, 155);
    if (prefix) name = `${prefix}/${name}`;
  }
  return {
    name,
    mode: numeric(block, 100, 8, 'mode', at),
    size: numeric(block, 124, 12, 'size', at),
    mtime: numeric(block, 136, 12, 'mtime', at),
    typeFlag: String.fromCharCode(block[156]!),
    linkName: text(block, 157, 100),
    flavour,
  };
}

/** pax extended header records: "<length> <key>=<value>\n", length counting the whole record. */
export function parsePax(body: Buffer, at: number): Map<string, string> {
  const out = new Map<string, string>();
  let p = 0;
  while (p < body.length) {
    if (body[p] === 0) break; // some writers pad with NULs
    const space = body.indexOf(0x20, p);
    if (space === -1 || space - p > 20) throw new FormatError('malformed pax record length', 'tar', at + p);
    const length = Number(body.subarray(p, space).toString('latin1'));
    if (!Number.isSafeInteger(length) || length <= space - p + 1 || p + length > body.length) throw new FormatError('pax record length out of range', 'tar', at + p);
    const record = body.subarray(space + 1, p + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq === -1 || body[p + length - 1] !== 0x0a) throw new FormatError('malformed pax record', 'tar', at + p);
    out.set(record.slice(0, eq), record.slice(eq + 1));
    p += length;
  }
  return out;
}

/** GNU long name / long link body: a NUL-terminated string. */
export function parseLongName(body: Buffer): string {
  const nul = body.indexOf(0);
  return body.subarray(0, nul === -1 ? body.length : nul).toString('utf8');
}
