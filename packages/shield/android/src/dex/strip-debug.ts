/**
 * Strips debug information from a DEX file without moving a byte: every
 * code_item's debug_info_off becomes 0 (no line table, no local variable
 * names or types, no parameter names), every debug_info_item is overwritten
 * in place with an empty program of the same length (so the map list and all
 * offsets stay valid and the old line numbers and name references are gone
 * from the file), class_def.source_file_idx becomes NO_INDEX, and the SHA-1
 * signature and Adler-32 checksum are recomputed. This is what R8's release
 * build does minus the string table compaction: the name strings themselves
 * stay in string_ids (unreferenced) because removing them means renumbering
 * every string reference in the bytecode.
 *
 * Format: https://source.android.com/docs/core/runtime/dex-format (code_item,
 * debug_info_item, map_list).
 */
import { createHash } from 'node:crypto';
import { ByteReader, FormatError } from '@citadel/engine-core';
import { adler32 } from '@citadel/engine-android';

const TYPE_CODE_ITEM = 0x2001;
const TYPE_DEBUG_INFO_ITEM = 0x2003;
const NO_INDEX = 0xffffffff;
const MAX_ITEMS = 1 << 22;

export interface DexStripResult {
  bytes: Buffer;
  codeItems: number;
  /** code items that pointed at debug info before */
  debugRefsCleared: number;
  debugItemsBlanked: number;
  sourceFilesCleared: number;
}

function mapItems(r: ByteReader): Map<number, { size: number; offset: number }> {
  const mapOff = r.u32(0x34);
  // Every DEX a compiler writes has a map list after the header; ART refuses one without it.
  if (mapOff < 0x70 || mapOff % 4 !== 0) r.fail('DEX has no map list', 0x34);
  const n = r.u32(mapOff);
  if (n > 64) r.fail(`map list of ${n} items`, mapOff);
  const out = new Map<number, { size: number; offset: number }>();
  for (let i = 0; i < n; i++) {
    const at = mapOff + 4 + i * 12;
    out.set(r.u16(at), { size: r.u32(at + 4), offset: r.u32(at + 8) });
  }
  return out;
}

/** Length of one encoded_catch_handler_list starting at p; returns the position after it. */
function skipHandlers(r: ByteReader, p: number): number {
  const [lists, a] = r.uleb128(p);
  p += a;
  if (lists > 65536) r.fail('too many catch handler lists', p);
  for (let i = 0; i < lists; i++) {
    const [size, b] = r.sleb128(p);
    p += b;
    if (Math.abs(size) > 65536) r.fail('catch handler too large', p);
    for (let j = 0; j < Math.abs(size); j++) {
      p += r.uleb128(p)[1];
      p += r.uleb128(p)[1];
    }
    if (size <= 0) p += r.uleb128(p)[1];
  }
  return p;
}

/** End of the debug_info_item starting at p (after DBG_END_SEQUENCE). */
function debugItemEnd(r: ByteReader, p: number): number {
  p += r.uleb128(p)[1]; // line_start
  const [params, a] = r.uleb128(p);
  p += a;
  if (params > 65536) r.fail('too many debug parameter names', p);
  for (let i = 0; i < params; i++) p += r.uleb128(p)[1];
  for (let ops = 0; ops < 1 << 24; ops++) {
    const op = r.u8(p++);
    const ulebs = op === 0x03 ? 3 : op === 0x04 ? 4 : op === 0x01 || op === 0x05 || op === 0x06 || op === 0x09 ? 1 : 0;
    if (op === 0x00) return p;
    if (op === 0x02) p += r.sleb128(p)[1];
    for (let i = 0; i < ulebs; i++) p += r.uleb128(p)[1];
  }
  return r.fail('debug program does not end', p);
}

/** An empty debug program of exactly `len` bytes: line_start 0, no parameters, DBG_ADVANCE_PC 0 no-ops, DBG_END_SEQUENCE. */
function blankProgram(buf: Buffer, at: number, len: number): void {
  buf.fill(0, at, at + len);
  let p = at;
  // An even length takes line_start 0 in two bytes (a valid, non-minimal uleb128) so the no-ops fill exactly.
  if (len % 2 === 0) buf[p++] = 0x80;
  p += 2; // (last byte of) line_start 0, parameters_size 0
  while (p < at + len - 1) {
    buf[p++] = 0x01;
    buf[p++] = 0x00;
  }
  // the last byte stays 0x00: DBG_END_SEQUENCE
}

export function stripDexDebugInfo(input: Uint8Array, options: { keepSourceFile?: boolean } = {}): DexStripResult {
  const buf = Buffer.from(input);
  const r = new ByteReader(buf, 'dex');
  const magic = r.ascii(0, 8);
  if (!/^dex\n03[5-9]\0$/.test(magic)) {
    throw new FormatError(magic.startsWith('dex\n04') ? 'DEX container format (v041) is not supported for hardening' : 'not a DEX file', 'dex', 0);
  }
  if (r.u32(0x20) !== buf.length) r.fail('file_size does not match the file', 0x20);
  if (r.u32(0x28) !== 0x12345678) r.fail('unsupported endian tag', 0x28);
  const map = mapItems(r);
  let codeItems = 0;
  let debugRefsCleared = 0;
  const code = map.get(TYPE_CODE_ITEM);
  if (code) {
    if (code.size > MAX_ITEMS) r.fail('too many code items', code.offset);
    let p = code.offset;
    for (let i = 0; i < code.size; i++) {
      p = (p + 3) & ~3;
      const tries = r.u16(p + 6);
      const insns = r.u32(p + 12);
      r.check(p, 16 + insns * 2, 'code_item');
      if (r.u32(p + 8) !== 0) debugRefsCleared++;
      buf.writeUInt32LE(0, p + 8);
      p += 16 + insns * 2;
      if (tries > 0) {
        if (insns % 2 === 1) p += 2;
        r.check(p, tries * 8, 'try_items');
        p = skipHandlers(r, p + tries * 8);
      }
      codeItems++;
    }
  }
  let debugItemsBlanked = 0;
  const debug = map.get(TYPE_DEBUG_INFO_ITEM);
  if (debug) {
    if (debug.size > MAX_ITEMS) r.fail('too many debug items', debug.offset);
    let p = debug.offset;
    for (let i = 0; i < debug.size; i++) {
      const end = debugItemEnd(r, p);
      if (end - p >= 3) {
        blankProgram(buf, p, end - p);
        debugItemsBlanked++;
      }
      p = end;
    }
  }
  let sourceFilesCleared = 0;
  if (!options.keepSourceFile) {
    const n = r.u32(0x60);
    const off = r.u32(0x64);
    if (n > 0) r.check(off, n * 32, 'class_defs');
    for (let i = 0; i < n; i++) {
      const at = off + i * 32 + 16;
      if (r.u32(at) !== NO_INDEX) {
        buf.writeUInt32LE(NO_INDEX, at);
        sourceFilesCleared++;
      }
    }
  }
  createHash('sha1').update(buf.subarray(32)).digest().copy(buf, 12);
  buf.writeUInt32LE(adler32(buf, 12, buf.length), 8);
  return { bytes: buf, codeItems, debugRefsCleared, debugItemsBlanked, sourceFilesCleared };
}
