/**
 * Signing of the protected APK with apksigner (v1 + v2 + v3) and its
 * verification. The key is the customer's keystore (JKS or PKCS#12, passed by
 * the caller in ctx.extras.keystore — the server decrypts it into the job's
 * scratch folder) or, when the strategy allows it, a one-off key made for
 * this job (for trying the service out: such a build must be re-signed before
 * release, which the result says).
 */
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestCertificate } from '@citadel/engine-core';
import { fail } from '../text.ts';
import { requireTool, runTool, tail } from './tools.ts';

export interface KeystoreInput {
  path: string;
  password: string;
  alias?: string;
  /** defaults to the keystore password */
  keyPassword?: string;
}

export type SigningKey = { kind: 'keystore'; keystore: KeystoreInput } | { kind: 'pair'; keyPath: string; certPath: string };

/** Reads ctx.extras.keystore when it has the expected shape. */
export function keystoreFrom(extras: Record<string, unknown> | undefined): KeystoreInput | undefined {
  const k = extras?.keystore;
  if (typeof k !== 'object' || k === null) return undefined;
  const o = k as Record<string, unknown>;
  if (typeof o.path !== 'string' || typeof o.password !== 'string') return undefined;
  return {
    path: o.path,
    password: o.password,
    ...(typeof o.alias === 'string' && o.alias ? { alias: o.alias } : {}),
    ...(typeof o.keyPassword === 'string' && o.keyPassword ? { keyPassword: o.keyPassword } : {}),
  };
}

/** A fresh RSA-2048 key and self-signed certificate written into workDir (PKCS#8 DER + X.509 DER, as apksigner --key/--cert take them). */
export function oneOffKey(workDir: string, subject = 'Citadel one-off signing key'): SigningKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = buildTestCertificate({
    subject: [['2.5.4.10', 'Citadel'], ['2.5.4.3', subject]],
    publicKey,
    signingKey: privateKey,
    algorithm: 'sha256WithRSA',
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 25 * 365 * 86_400_000),
  });
  const keyPath = join(workDir, 'one-off.pk8');
  const certPath = join(workDir, 'one-off.crt');
  writeFileSync(keyPath, privateKey.export({ type: 'pkcs8', format: 'der' }), { mode: 0o600 });
  writeFileSync(certPath, cert);
  return { kind: 'pair', keyPath, certPath };
}

export async function signApk(input: string, output: string, key: SigningKey, signal?: AbortSignal): Promise<void> {
  const apksigner = requireTool('apksigner');
  const args = ['sign', '--v1-signing-enabled', 'true', '--v2-signing-enabled', 'true', '--v3-signing-enabled', 'true'];
  const env: Record<string, string> = {};
  const secrets: string[] = [];
  if (key.kind === 'keystore') {
    const ks = key.keystore;
    env.CITADEL_KS_PASS = ks.password;
    env.CITADEL_KEY_PASS = ks.keyPassword ?? ks.password;
    secrets.push(ks.password, ks.keyPassword ?? '');
    args.push('--ks', ks.path, '--ks-pass', 'env:CITADEL_KS_PASS', '--key-pass', 'env:CITADEL_KEY_PASS');
    if (ks.alias) args.push('--ks-key-alias', ks.alias);
  } else {
    args.push('--key', key.keyPath, '--cert', key.certPath);
  }
  args.push('--out', output, input);
  const r = await runTool(apksigner, args, { env, secrets, ...(signal ? { signal } : {}) });
  if (r.code !== 0) {
    fail('SHIELD_SIGN_FAILED', '签名失败：请检查密钥库、密码与别名', 'Signing failed: check the keystore, its password and the alias', tail(r));
  }
}

export interface SignatureCheck {
  ok: boolean;
  schemes: { v1: boolean; v2: boolean; v3: boolean };
  detail: string;
}

/** `apksigner verify --verbose`: which schemes verified. */
export async function verifySignature(apk: string, signal?: AbortSignal): Promise<SignatureCheck> {
  // For the app's own minSdk: below 24 apksigner requires the v1 signature to verify, from 24 on it checks v2/v3 only.
  const r = await runTool(requireTool('apksigner'), ['verify', '--verbose', '--print-certs', apk], signal ? { signal } : {});
  const signer = /Signer #1 certificate DN: (.+)/.exec(r.stdout)?.[1]?.trim();
  const scheme = (n: number): boolean => new RegExp(`Verified using v${n} scheme[^:]*: true`).test(r.stdout);
  const schemes = { v1: scheme(1), v2: scheme(2), v3: scheme(3) };
  return { ok: r.code === 0 && /^Verifies$/m.test(r.stdout) && schemes.v2 && schemes.v3, schemes, detail: r.code === 0 ? `v1 ${schemes.v1}, v2 ${schemes.v2}, v3 ${schemes.v3}; ${signer ?? 'no signer'}` : tail(r) };
}

/** `zipalign -c -p 4`: 4-byte alignment of stored entries and page alignment of stored .so files. */
export async function verifyAlignment(apk: string, signal?: AbortSignal): Promise<{ ok: boolean; detail: string }> {
  const r = await runTool(requireTool('zipalign'), ['-c', '-p', '4', apk], signal ? { signal } : {});
  return { ok: r.code === 0, detail: r.code === 0 ? 'zipalign -c -p 4: ok' : tail(r) };
}
