/** Test utility: builds code-signature SuperBlobs (CodeDirectory, entitlements, requirements, CMS wrapper). */
import { ByteSink } from './byte-sink.ts';

export function blob(magic: number, body: Uint8Array): Uint8Array {
  return new ByteSink('be').u32(magic).u32(8 + body.length).bytes(body).toBytes();
}

export function superBlob(entries: { slot: number; blob: Uint8Array }[], magic = 0xfade0cc0): Uint8Array {
  const headerSize = 12 + 8 * entries.length;
  const total = headerSize + entries.reduce((n, e) => n + e.blob.length, 0);
  const out = new ByteSink('be').u32(magic).u32(total).u32(entries.length);
  let offset = headerSize;
  for (const e of entries) {
    out.u32(e.slot).u32(offset);
    offset += e.blob.length;
  }
  for (const e of entries) out.bytes(e.blob);
  return out.toBytes();
}

export interface CodeDirectorySpec {
  identifier: string;
  teamId?: string;
  version?: number;
  flags?: number;
  hashType?: number;
  hashSize?: number;
  nSpecialSlots?: number;
  nCodeSlots?: number;
  pageShift?: number;
  execSegFlags?: number;
}

/** A CodeDirectory of version 0x20400 layout (88-byte header), hashes left as zeros. */
export function codeDirectory(spec: CodeDirectorySpec): Uint8Array {
  const hashSize = spec.hashSize ?? 32;
  const nSpecial = spec.nSpecialSlots ?? 5;
  const nCode = spec.nCodeSlots ?? 2;
  const identOffset = 88;
  const ident = Buffer.from(`${spec.identifier}\0`);
  const team = spec.teamId === undefined ? undefined : Buffer.from(`${spec.teamId}\0`);
  const teamOffset = team ? identOffset + ident.length : 0;
  const hashOffset = identOffset + ident.length + (team?.length ?? 0) + nSpecial * hashSize;
  const length = hashOffset + nCode * hashSize;
  const out = new ByteSink('be');
  out.u32(0xfade0c02).u32(length).u32(spec.version ?? 0x20400).u32(spec.flags ?? 0);
  out.u32(hashOffset).u32(identOffset).u32(nSpecial).u32(nCode).u32(nCode * 4096);
  out.u8(hashSize).u8(spec.hashType ?? 2).u8(0).u8(spec.pageShift ?? 12).u32(0);
  out.u32(0).u32(teamOffset).u32(0).u64(0).u64(0).u64(nCode * 4096).u64(spec.execSegFlags ?? 0);
  out.bytes(ident);
  if (team) out.bytes(team);
  out.zeros(length - out.length);
  return out.toBytes();
}

export const entitlementsBlob = (xml: string) => blob(0xfade7171, Buffer.from(xml));
export const derEntitlementsBlob = (der: Uint8Array) => blob(0xfade7172, der);
export const requirementsBlob = () => blob(0xfade0c01, new ByteSink('be').u32(0).toBytes());
export const cmsBlob = (cms: Uint8Array) => blob(0xfade0b01, cms);
