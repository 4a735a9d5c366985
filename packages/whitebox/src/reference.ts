/**
 * Reference implementations the generated libraries are compared with: Node's
 * crypto (OpenSSL) for AES, the sm-crypto package for SM4 (and Node's OpenSSL
 * SM4 as a second opinion where the build has it).
 */
import { createCipheriv, createDecipheriv, getCiphers } from 'node:crypto';
import smCrypto from 'sm-crypto';
import type { Algorithm, Direction, Mode } from './options.ts';

export function referenceCrypt(algorithm: Algorithm, direction: Direction, mode: Mode, padding: 'pkcs7' | 'none', key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer {
  if (algorithm === 'sm4') {
    const { sm4 } = smCrypto;
    const opts = { mode, padding: padding === 'pkcs7' ? ('pkcs#7' as const) : ('none' as const), output: 'array' as const, ...(mode === 'cbc' ? { iv: [...iv] } : {}) };
    const out = direction === 'enc' ? sm4.encrypt([...data], [...key], opts) : sm4.decrypt([...data], [...key], opts);
    return Buffer.from(out as number[]);
  }
  const name = `aes-${key.length * 8}-${mode}`;
  const c = direction === 'enc' ? createCipheriv(name, key, mode === 'cbc' ? iv : null) : createDecipheriv(name, key, mode === 'cbc' ? iv : null);
  c.setAutoPadding(padding === 'pkcs7');
  return Buffer.concat([c.update(data), c.final()]);
}

export const nodeHasSm4 = (): boolean => getCiphers().includes('sm4-ecb');
