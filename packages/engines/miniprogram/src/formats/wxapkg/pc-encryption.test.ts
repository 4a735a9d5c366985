import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { encryptPcWxapkg, packWxapkg } from '../test-utils/wxapkg-packer.ts';
import { decryptPcWxapkg, isPcEncryptedWxapkg, parseWxapkg, pcWxapkgXorByte } from './index.ts';

const plain = packWxapkg([
  { name: '/app-config.json', data: JSON.stringify({ pages: ['pages/index/index'] }) },
  { name: '/app-service.js', data: `var key = "${'k'.repeat(2000)}";` },
]);
const appId = 'wx1234567890abcdef';

describe('PC-encrypted wxapkg (V1MMWX)', () => {
  it('round-trips: decrypting what the encrypter wrote gives the plain package', () => {
    const enc = encryptPcWxapkg(plain, appId);
    expect(isPcEncryptedWxapkg(enc)).toBe(true);
    expect(enc.length).toBe(plain.length + 7); // magic + one padding byte
    const dec = decryptPcWxapkg(enc, appId);
    expect(Buffer.from(dec).equals(Buffer.from(plain))).toBe(true);
    expect(parseWxapkg(dec).entries.map((e) => e.name)).toEqual(['/app-config.json', '/app-service.js']);
  });

  it('XORs with the second-to-last character of the app id, or 0x66', () => {
    expect(pcWxapkgXorByte(appId)).toBe('e'.charCodeAt(0));
    expect(pcWxapkgXorByte('x')).toBe(0x66);
    const dec = decryptPcWxapkg(encryptPcWxapkg(plain, 'x'), 'x');
    expect(Buffer.from(dec).equals(Buffer.from(plain))).toBe(true);
  });

  it('gives clear errors for a missing or wrong app id', () => {
    const enc = encryptPcWxapkg(plain, appId);
    expect(() => decryptPcWxapkg(enc, undefined)).toThrow(/app id .* is required/);
    expect(() => decryptPcWxapkg(enc, '  ')).toThrow(FormatError);
    expect(() => decryptPcWxapkg(enc, 'wx0000000000000000')).toThrow(/app id is wrong/);
    expect(() => decryptPcWxapkg(plain, appId)).toThrow(/no V1MMWX header/);
    expect(() => decryptPcWxapkg(enc.subarray(0, 500), appId)).toThrow(/too short/);
  });
});
