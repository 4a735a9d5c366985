/**
 * Test-side writers: a wxapkg packer (files with planted content, laid out
 * as the WeChat packer does) and the PC client's V1MMWX encrypter, so the
 * readers are tested by round trip.
 */
import { createCipheriv } from 'node:crypto';
import { PC_WXAPKG_IV, PC_WXAPKG_MAGIC, PC_WXAPKG_PLAIN_HEAD, pcWxapkgKey, pcWxapkgXorByte } from '../wxapkg/pc-encryption.ts';

export interface PackFile {
  name: string;
  data: Uint8Array | string;
}

export function packWxapkg(files: PackFile[]): Uint8Array {
  const datas = files.map((f) => (typeof f.data === 'string' ? Buffer.from(f.data, 'utf8') : Buffer.from(f.data)));
  const names = files.map((f) => Buffer.from(f.name, 'utf8'));
  const indexLength = 4 + names.reduce((n, name) => n + 12 + name.length, 0);
  const bodyLength = datas.reduce((n, d) => n + d.length, 0);
  const out = Buffer.alloc(14 + indexLength + bodyLength);
  out[0] = 0xbe;
  out.writeUInt32BE(0, 1);
  out.writeUInt32BE(indexLength, 5);
  out.writeUInt32BE(bodyLength, 9);
  out[13] = 0xed;
  out.writeUInt32BE(files.length, 14);
  let p = 18;
  let dataAt = 14 + indexLength;
  files.forEach((_, i) => {
    out.writeUInt32BE(names[i]!.length, p);
    names[i]!.copy(out, p + 4);
    p += 4 + names[i]!.length;
    out.writeUInt32BE(dataAt, p);
    out.writeUInt32BE(datas[i]!.length, p + 4);
    p += 8;
    datas[i]!.copy(out, dataAt);
    dataAt += datas[i]!.length;
  });
  return new Uint8Array(out);
}

/** Encrypts a plain wxapkg the way the PC client stores it (the package must be at least 1023 bytes). */
export function encryptPcWxapkg(plain: Uint8Array, appId: string): Uint8Array {
  if (plain.length < PC_WXAPKG_PLAIN_HEAD) throw new Error('the PC format needs at least 1023 plaintext bytes');
  const cipher = createCipheriv('aes-256-cbc', pcWxapkgKey(appId), Buffer.from(PC_WXAPKG_IV, 'latin1'));
  const head = Buffer.concat([cipher.update(plain.subarray(0, PC_WXAPKG_PLAIN_HEAD)), cipher.final()]);
  const x = pcWxapkgXorByte(appId);
  const tail = Buffer.from(plain.subarray(PC_WXAPKG_PLAIN_HEAD)).map((b) => b ^ x);
  return new Uint8Array(Buffer.concat([Buffer.from(PC_WXAPKG_MAGIC, 'latin1'), head, tail]));
}
