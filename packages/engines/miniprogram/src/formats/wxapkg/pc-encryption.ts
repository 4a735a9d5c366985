/**
 * The PC WeChat client's encrypted packages ("V1MMWX" header). Facts as
 * described by public decryptors (kee1ongz/MiniCAT wechat_miniapp_dec.py,
 * xiongnemo/wxapkg_v1mmwx_decrypt utils/unpack.py, and several Node/Go
 * "pc_wxapkg_decrypt" tools), checked here by round trip:
 *
 *   "V1MMWX" (6 bytes)
 *   1024 bytes: AES-256-CBC of the first 1023 plaintext bytes with PKCS#7
 *               padding; key = PBKDF2-HMAC-SHA1(appid, salt "saltiest",
 *               1000 iterations, 32 bytes), IV = "the iv: 16 bytes"
 *   the rest:   plaintext XOR one byte: the char code of the app id's
 *               second-to-last character, or 0x66 when the app id is shorter than 2
 *
 * A wrong app id yields a bad padding or a first block that is not a wxapkg
 * header; both become a clear FormatError.
 */
import { createDecipheriv, pbkdf2Sync } from 'node:crypto';
import { FormatError } from '@citadel/engine-core';
import { WXAPKG_FIRST_MARK, WXAPKG_LAST_MARK } from './wxapkg.ts';

export const PC_WXAPKG_MAGIC = 'V1MMWX';
export const PC_WXAPKG_SALT = 'saltiest';
export const PC_WXAPKG_IV = 'the iv: 16 bytes';
export const PC_WXAPKG_ITERATIONS = 1000;
/** Ciphertext bytes after the magic; they decrypt to this many plaintext bytes. */
export const PC_WXAPKG_CIPHER_BYTES = 1024;
export const PC_WXAPKG_PLAIN_HEAD = 1023;

export function isPcEncryptedWxapkg(bytes: Uint8Array): boolean {
  return bytes.length >= 6 && Buffer.from(bytes.subarray(0, 6)).toString('latin1') === PC_WXAPKG_MAGIC;
}

export function pcWxapkgKey(appId: string): Buffer {
  return pbkdf2Sync(Buffer.from(appId, 'utf8'), PC_WXAPKG_SALT, PC_WXAPKG_ITERATIONS, 32, 'sha1');
}

export function pcWxapkgXorByte(appId: string): number {
  return appId.length >= 2 ? appId.charCodeAt(appId.length - 2) & 0xff : 0x66;
}

/** Decrypts a V1MMWX package to the plain wxapkg bytes. */
export function decryptPcWxapkg(bytes: Uint8Array, appId: string | undefined): Uint8Array {
  if (!isPcEncryptedWxapkg(bytes)) throw new FormatError('not a PC-encrypted package (no V1MMWX header)', 'wxapkg-pc');
  if (!appId || appId.trim() === '') throw new FormatError('this package is encrypted by the PC client: the mini-program app id (wx…) is required to decrypt it', 'wxapkg-pc');
  if (bytes.length < 6 + PC_WXAPKG_CIPHER_BYTES) throw new FormatError(`${bytes.length} bytes is too short for a V1MMWX package`, 'wxapkg-pc');
  let head: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', pcWxapkgKey(appId), Buffer.from(PC_WXAPKG_IV, 'latin1'));
    head = Buffer.concat([decipher.update(bytes.subarray(6, 6 + PC_WXAPKG_CIPHER_BYTES)), decipher.final()]);
  } catch {
    throw wrongAppId(appId);
  }
  if (head.length !== PC_WXAPKG_PLAIN_HEAD || head[0] !== WXAPKG_FIRST_MARK || head[13] !== WXAPKG_LAST_MARK) throw wrongAppId(appId);
  const tail = bytes.subarray(6 + PC_WXAPKG_CIPHER_BYTES);
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  const x = pcWxapkgXorByte(appId);
  for (let i = 0; i < tail.length; i++) out[head.length + i] = tail[i]! ^ x;
  return out;
}

function wrongAppId(appId: string): FormatError {
  return new FormatError(`decryption with app id ${JSON.stringify(appId.slice(0, 64))} does not give a wxapkg header: the app id is wrong or the package is damaged`, 'wxapkg-pc');
}
