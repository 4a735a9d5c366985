/**
 * Unix ar archives (static libraries, .a): the member names and byte ranges,
 * so each Mach-O object inside can be read. Handles BSD long names ("#1/N",
 * name stored before the data) and GNU long names ("//" table, "/N"
 * references); symbol tables (__.SYMDEF*, "/", "/SYM64/") are skipped.
 */
import { boundedCount, ByteReader } from '@citadel/engine-core';

export const AR_MAGIC = '!<arch>\n';
const THIN_MAGIC = '!<thin>\n';
const HEADER_SIZE = 60;
const FORMAT = 'ar';

export interface ArLimits {
  maxMembers: number;
  maxNameLength: number;
}

export const DEFAULT_AR_LIMITS: Readonly<ArLimits> = Object.freeze({ maxMembers: 200_000, maxNameLength: 4096 });

export interface ArMember {
  name: string;
  /** Offset of the member's data (after its header and any BSD long name). */
  offset: number;
  size: number;
}

export interface ArArchive {
  /** "bsd" or "gnu" when long names or symbol tables show which, else "plain". */
  variant: 'bsd' | 'gnu' | 'plain';
  members: ArMember[];
  /** Symbol-table members that were skipped. */
  skippedSymbolTables: number;
}

const BSD_SYMDEF = /^__\.SYMDEF( SORTED|_64( SORTED)?)?$/;

export function isArArchive(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && Buffer.from(bytes.subarray(0, 8)).toString('latin1') === AR_MAGIC;
}

function decimalField(r: ByteReader, at: number, size: number, what: string): number {
  const text = r.ascii(at, size).trim();
  if (!/^\d{1,15}$/.test(text)) r.fail(`bad ${what} field "${text}"`, at);
  return Number(text);
}

/** The name in a GNU long-name table at `index`, ending at "/\n" (or "\n"). */
function gnuLongName(r: ByteReader, table: { offset: number; size: number } | undefined, index: number, maxLength: number, at: number): string {
  if (!table || index >= table.size) return r.fail(`long name /${index} without a matching // table`, at);
  const start = table.offset + index;
  const end = Math.min(table.offset + table.size, start + maxLength);
  let i = start;
  while (i < end && r.buf[i] !== 0x0a) i++;
  return Buffer.from(r.buf.subarray(start, i)).toString('utf8').replace(/\/$/, '');
}

export function readArArchive(bytes: Uint8Array, limits: Partial<ArLimits> = {}): ArArchive {
  const { maxMembers, maxNameLength } = { ...DEFAULT_AR_LIMITS, ...limits };
  const r = new ByteReader(bytes, FORMAT);
  const magic = r.length >= 8 ? r.ascii(0, 8) : '';
  if (magic === THIN_MAGIC) r.fail('thin archives (members stored outside) are not supported', 0);
  if (magic !== AR_MAGIC) r.fail('not an ar archive (bad magic)', 0);
  const archive: ArArchive = { variant: 'plain', members: [], skippedSymbolTables: 0 };
  let longNames: { offset: number; size: number } | undefined;
  let at = 8;
  let entries = 0;
  while (at < r.length) {
    // Some writers pad the archive end with a newline.
    if (r.length - at < HEADER_SIZE && r.buf.subarray(at).every((b) => b === 0x0a)) break;
    r.check(at, HEADER_SIZE, 'member header');
    if (r.buf[at + 58] !== 0x60 || r.buf[at + 59] !== 0x0a) r.fail('bad member header terminator', at + 58);
    boundedCount(r, ++entries, 'archive members', maxMembers, HEADER_SIZE, at);
    const rawName = r.ascii(at, 16);
    const size = decimalField(r, at + 48, 10, 'size');
    let dataStart = at + HEADER_SIZE;
    r.check(dataStart, size, 'member data');
    let dataSize = size;
    let name = rawName.trimEnd();
    let symbolTable = false;
    const bsdLong = /^#1\/(\d+)$/.exec(name);
    if (bsdLong) {
      archive.variant = 'bsd';
      const nameLength = Number(bsdLong[1]);
      if (nameLength > size || nameLength > maxNameLength) r.fail(`BSD long name of ${nameLength} bytes`, at);
      name = r.cstring(dataStart, nameLength, 'utf8');
      dataStart += nameLength;
      dataSize -= nameLength;
      symbolTable = BSD_SYMDEF.test(name);
    } else if (name === '/' || name === '/SYM64/') {
      archive.variant = 'gnu';
      symbolTable = true;
    } else if (name === '//') {
      archive.variant = 'gnu';
      longNames = { offset: dataStart, size };
    } else if (/^\/\d+$/.test(name)) {
      archive.variant = 'gnu';
      name = gnuLongName(r, longNames, Number(name.slice(1)), maxNameLength, at);
    } else if (BSD_SYMDEF.test(name)) {
      archive.variant = 'bsd';
      symbolTable = true;
    } else {
      name = name.replace(/\/$/, '');
    }
    if (symbolTable) archive.skippedSymbolTables++;
    else if (name !== '//') archive.members.push({ name, offset: dataStart, size: dataSize });
    at += HEADER_SIZE + size + (size % 2);
  }
  return archive;
}

/** The bytes of one member (a view, no copy). */
export function arMemberBytes(bytes: Uint8Array, member: ArMember): Uint8Array {
  return new ByteReader(bytes, FORMAT).bytes(member.offset, member.size);
}
