/**
 * From central records to checked entries: each local header is read (the data
 * starts after the *local* name and extra, whose lengths may differ from the
 * central ones), entries are checked not to overlap (overlapping entries are
 * how quines and non-recursive bombs reuse the same bytes), and everything
 * Android tolerates is recorded as an anomaly instead of thrown.
 */
import { ByteReader, FormatError } from '../binary/byte-reader.ts';
import { ArchiveLimitError, type ArchiveLimits } from './limits.ts';
import { checkEntryName, type NameIssue } from './names.ts';
import { WindowedReader, type RandomAccessSource } from './source.ts';
import { FLAG_ENCRYPTED, LOCAL_HEADER_SIZE, METHOD_DEFLATED, METHOD_STORED, SIG_LOCAL, type CentralRecord } from './zip-format.ts';

export interface ZipEntry extends CentralRecord {
  /** General-purpose bit 0. Android ignores it, so the reader does too (and records an anomaly). */
  encrypted: boolean;
  isDirectory: boolean;
  /** A Unix symlink (host Unix, mode S_IFLNK); its data is the target path. Never followed. */
  isSymlink: boolean;
  /** First byte of the entry's data, computed from the local header. */
  dataOffset: number;
  /** Name as written in the local header (usually equal to `name`). */
  localName: string;
  nameIssues: NameIssue[];
}

export type ZipAnomalyKind =
  | 'encrypted-flag'
  | 'unknown-method'
  | 'name-mismatch'
  | 'method-mismatch'
  | 'duplicate-name'
  | 'unsafe-name'
  | 'declared-ratio'
  | 'oversized-entry'
  | 'trailing-bytes';

/** Something a strict reader would refuse but Android accepts: evidence, not an error. */
export interface ZipAnomaly {
  kind: ZipAnomalyKind;
  detail: string;
  /** Names of the entries concerned (both names for a duplicate). */
  entries?: string[];
  offset?: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const HOST_UNIX = 3;

export async function resolveEntries(
  source: RandomAccessSource,
  records: CentralRecord[],
  dataEnd: number,
  limits: ArchiveLimits,
): Promise<{ entries: ZipEntry[]; anomalies: ZipAnomaly[] }> {
  const anomalies: ZipAnomaly[] = [];
  const entries = records.map((rec) => toEntry(rec, limits));

  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset || a.index - b.index);
  const window = new WindowedReader(source);
  for (const e of byOffset) await readLocalHeader(window, e, dataEnd, anomalies);
  for (let i = 0; i + 1 < byOffset.length; i++) {
    const a = byOffset[i]!;
    const b = byOffset[i + 1]!;
    if (a.dataOffset + a.compressedSize > b.localHeaderOffset) {
      throw new FormatError(`entries ${a.name} and ${b.name} overlap (zip bomb or quine)`, 'zip', b.localHeaderOffset);
    }
  }

  let declaredTotal = 0;
  const firstByName = new Map<string, ZipEntry>();
  for (const e of entries) {
    declaredTotal += e.uncompressedSize;
    noteEntryAnomalies(e, limits, anomalies);
    const first = firstByName.get(e.name);
    if (first) anomalies.push({ kind: 'duplicate-name', detail: `duplicate entry name ${e.name} (Android refuses such packages; tools disagree on which copy wins)`, entries: [first.name, e.name], offset: e.localHeaderOffset });
    else firstByName.set(e.name, e);
  }
  if (declaredTotal > limits.maxTotalUncompressed) {
    throw new ArchiveLimitError(`entries declare ${declaredTotal} bytes in total, over the limit of ${limits.maxTotalUncompressed}`, 'zip', 'maxTotalUncompressed');
  }
  return { entries, anomalies };
}

/** Every field spelled out (no object spread): one object shape for all entries keeps 100k-entry archives fast. */
function toEntry(rec: CentralRecord, limits: ArchiveLimits): ZipEntry {
  return {
    index: rec.index,
    rawName: rec.rawName,
    name: rec.name,
    nameEncoding: rec.nameEncoding,
    versionMadeBy: rec.versionMadeBy,
    versionNeeded: rec.versionNeeded,
    flags: rec.flags,
    method: rec.method,
    dosTime: rec.dosTime,
    dosDate: rec.dosDate,
    crc32: rec.crc32,
    compressedSize: rec.compressedSize,
    uncompressedSize: rec.uncompressedSize,
    diskStart: rec.diskStart,
    internalAttributes: rec.internalAttributes,
    externalAttributes: rec.externalAttributes,
    localHeaderOffset: rec.localHeaderOffset,
    extra: rec.extra,
    comment: rec.comment,
    encrypted: (rec.flags & FLAG_ENCRYPTED) !== 0,
    isDirectory: rec.name.endsWith('/'),
    isSymlink: rec.versionMadeBy >> 8 === HOST_UNIX && ((rec.externalAttributes >>> 16) & S_IFMT) === S_IFLNK,
    dataOffset: 0,
    localName: rec.name,
    nameIssues: checkEntryName(rec.name, limits.maxNameLength),
  };
}

async function readLocalHeader(window: WindowedReader, e: ZipEntry, dataEnd: number, anomalies: ZipAnomaly[]): Promise<void> {
  const at = e.localHeaderOffset;
  if (at + LOCAL_HEADER_SIZE > dataEnd) throw new FormatError(`entry ${e.name}: local header offset past the entry area`, 'zip', at);
  const r = new ByteReader(await window.read(at, LOCAL_HEADER_SIZE), 'zip');
  if (r.u32(0) !== SIG_LOCAL) throw new FormatError(`entry ${e.name}: bad local header signature`, 'zip', at);
  const nameLength = r.u16(26);
  const extraLength = r.u16(28);
  e.dataOffset = at + LOCAL_HEADER_SIZE + nameLength + extraLength;
  if (e.dataOffset + e.compressedSize > dataEnd) throw new FormatError(`entry ${e.name}: data runs past the entry area (truncated?)`, 'zip', at);
  const localRaw = await window.read(at + LOCAL_HEADER_SIZE, nameLength);
  if (!localRaw.equals(e.rawName)) {
    e.localName = localRaw.toString('utf8');
    anomalies.push({ kind: 'name-mismatch', detail: `central name ${e.name} differs from local name ${e.localName} (Android uses the central one)`, entries: [e.name], offset: at });
  }
  const localMethod = r.u16(8);
  if (localMethod !== e.method) {
    anomalies.push({ kind: 'method-mismatch', detail: `entry ${e.name}: central method ${e.method}, local method ${localMethod}`, entries: [e.name], offset: at });
  }
}

function noteEntryAnomalies(e: ZipEntry, limits: ArchiveLimits, anomalies: ZipAnomaly[]): void {
  const where = { entries: [e.name], offset: e.localHeaderOffset };
  if (e.encrypted) anomalies.push({ kind: 'encrypted-flag', detail: `entry ${e.name} has the encryption bit set (Android ignores it; used to break analysers)`, ...where });
  if (e.method !== METHOD_STORED && e.method !== METHOD_DEFLATED) {
    anomalies.push({ kind: 'unknown-method', detail: `entry ${e.name} uses compression method ${e.method}; read as stored, as Android does`, ...where });
  }
  if (e.nameIssues.length > 0) anomalies.push({ kind: 'unsafe-name', detail: `entry name ${JSON.stringify(e.name)}: ${e.nameIssues.join(', ')}`, ...where });
  if (e.uncompressedSize > limits.maxEntrySize) anomalies.push({ kind: 'oversized-entry', detail: `entry ${e.name} declares ${e.uncompressedSize} bytes`, ...where });
  else if (e.uncompressedSize > limits.ratioGraceBytes && e.uncompressedSize > e.compressedSize * limits.maxCompressionRatio) {
    anomalies.push({ kind: 'declared-ratio', detail: `entry ${e.name} declares a ${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))}:1 ratio`, ...where });
  }
}
