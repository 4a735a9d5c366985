/**
 * SHA-256 of the signing certificate (DER), recorded in the stub for its
 * anti-tamper check (the same digest PackageManager's Signature.toByteArray()
 * gives at run time) and compared with what apksigner prints for the signed
 * output. A keystore's certificate is exported with keytool, its password
 * passed by environment.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SigningKey } from '../signing/sign.ts';
import { runTool, tail } from '../signing/tools.ts';
import { fail } from '../text.ts';
import { requireShellTool } from './tools.ts';

export async function signerCertificate(key: SigningKey, workDir: string, signal?: AbortSignal): Promise<{ sha256: Buffer; der: Buffer }> {
  const of = (der: Buffer) => ({ sha256: createHash('sha256').update(der).digest(), der });
  if (key.kind === 'pair') return of(readFileSync(key.certPath));
  const keytool = requireShellTool('keytool');
  const ks = key.keystore;
  const env = { CITADEL_KS_PASS: ks.password };
  const base = ['-keystore', ks.path, '-storepass:env', 'CITADEL_KS_PASS'];
  let alias = ks.alias;
  if (!alias) {
    const l = await runTool(keytool, ['-list', ...base], { env, secrets: [ks.password], ...(signal ? { signal } : {}) });
    alias = /^([^,\n]+),[^\n]*PrivateKeyEntry/m.exec(l.stdout)?.[1]?.trim();
    if (l.code !== 0 || !alias) fail('SHIELD_SIGN_FAILED', '无法读取密钥库中的证书：请检查密钥库、密码与别名', 'The keystore certificate cannot be read: check the keystore, its password and the alias', tail(l));
  }
  const file = join(workDir, 'signer.der');
  const r = await runTool(keytool, ['-exportcert', ...base, '-alias', alias, '-file', file], { env, secrets: [ks.password], ...(signal ? { signal } : {}) });
  if (r.code !== 0) fail('SHIELD_SIGN_FAILED', '无法读取密钥库中的证书：请检查密钥库、密码与别名', 'The keystore certificate cannot be read: check the keystore, its password and the alias', tail(r));
  return of(readFileSync(file));
}
