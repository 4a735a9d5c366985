/**
 * The CodeDirectory blob: version, flags, hash type, identifier, team id,
 * slot counts (bounded against the blob) and the cdhash that identifies it.
 */
import { createHash } from 'node:crypto';
import { boundedCount, ByteReader } from '@citadel/engine-core';
import { CODE_DIRECTORY_FLAGS, CSMAGIC_CODEDIRECTORY, EXEC_SEGMENT_FLAGS, flagNames, HASH_TYPES } from './constants.ts';

/** Fields up to and including spare2: the smallest CodeDirectory (version 0x20001). */
const MIN_CODE_DIRECTORY_SIZE = 44;
const MAX_IDENTIFIER = 1024;
/** 2^24 pages of 4 KB is a 64 GB image; more slots than that is corruption. */
const MAX_CODE_SLOTS = 1 << 24;
const MAX_SPECIAL_SLOTS = 64;

export interface CodeDirectory {
  version: number;
  /** e.g. "0x20400". */
  versionHex: string;
  flags: number;
  flagNames: string[];
  hashType: number;
  /** "sha1", "sha256", "sha256-truncated", "sha384" or "hash(N)". */
  hashTypeName: string;
  hashSize: number;
  identifier: string;
  teamId?: string;
  nSpecialSlots: number;
  nCodeSlots: number;
  codeLimit: number;
  /** Page size in bytes (0 for an unpaged signature). */
  pageSize: number;
  platform: number;
  execSegFlags?: number;
  execSegFlagNames?: string[];
  /** The cdhash: the CodeDirectory's hash with its own algorithm, truncated to 20 bytes, hex. */
  cdhash: string;
}

const CDHASH_ALGORITHMS: Readonly<Record<number, string>> = { 1: 'sha1', 2: 'sha256', 3: 'sha256', 4: 'sha384' };

/** Reads a CodeDirectory from its blob bytes (magic and length included). */
export function readCodeDirectory(blob: Uint8Array): CodeDirectory {
  const r = new ByteReader(blob, 'codesign-cd', 'be');
  if (r.u32(0) !== CSMAGIC_CODEDIRECTORY) r.fail('not a CodeDirectory (bad magic)', 0);
  const length = r.u32(4);
  if (length < MIN_CODE_DIRECTORY_SIZE || length > r.length) r.fail(`CodeDirectory length ${length} out of range`, 4);
  const version = r.u32(8);
  const flags = r.u32(12);
  const hashOffset = r.u32(16);
  const identOffset = r.u32(20);
  const nSpecialSlots = boundedCount(r, r.u32(24), 'special slots', MAX_SPECIAL_SLOTS, 1, 24);
  const nCodeSlots = boundedCount(r, r.u32(28), 'code slots', MAX_CODE_SLOTS, 1, 28);
  const codeLimit = r.u32(32);
  const hashSize = r.u8(36);
  const hashType = r.u8(37);
  const platform = r.u8(38);
  const pageShift = r.u8(39);
  if (pageShift > 30) r.fail(`page size 2^${pageShift}`, 39);
  if (hashOffset < nSpecialSlots * hashSize || hashOffset + nCodeSlots * hashSize > length) {
    r.fail('hash slots lie outside the CodeDirectory', 16);
  }
  if (identOffset < MIN_CODE_DIRECTORY_SIZE || identOffset >= length) r.fail('identifier outside the CodeDirectory', 20);
  const cd: CodeDirectory = {
    version,
    versionHex: `0x${version.toString(16)}`,
    flags,
    flagNames: flagNames(flags, CODE_DIRECTORY_FLAGS),
    hashType,
    hashTypeName: HASH_TYPES[hashType] ?? `hash(${hashType})`,
    hashSize,
    identifier: r.cstring(identOffset, Math.min(MAX_IDENTIFIER, length - identOffset)),
    nSpecialSlots,
    nCodeSlots,
    codeLimit,
    pageSize: pageShift === 0 ? 0 : 2 ** pageShift,
    platform,
    cdhash: '',
  };
  // Later versions append fields; each is read only when the version and the length say it is there.
  if (version >= 0x20200 && length >= 52) {
    const teamOffset = r.u32(48);
    if (teamOffset !== 0) {
      if (teamOffset < MIN_CODE_DIRECTORY_SIZE || teamOffset >= length) r.fail('team id outside the CodeDirectory', 48);
      cd.teamId = r.cstring(teamOffset, Math.min(MAX_IDENTIFIER, length - teamOffset));
    }
  }
  if (version >= 0x20400 && length >= 88) {
    const execSegFlags = Number(r.u64big(80) & 0xffffffffn);
    cd.execSegFlags = execSegFlags;
    cd.execSegFlagNames = flagNames(execSegFlags, EXEC_SEGMENT_FLAGS);
  }
  const algorithm = CDHASH_ALGORITHMS[hashType];
  if (algorithm) cd.cdhash = createHash(algorithm).update(r.bytes(0, length)).digest('hex').slice(0, 40);
  return cd;
}
