/**
 * Vendor-side licence tool (issue 30). Never imported by the server and not
 * part of what a customer runs: it needs the vendor's private key, which never
 * ships. Usage (Node ≥ 22.6, or node --experimental-strip-types on 20):
 *   node apps/server/src/domain/licence/vendor/sign.ts keygen <private.pem>      (prints the public key to embed in public-key.ts)
 *   node apps/server/src/domain/licence/vendor/sign.ts sign <private.pem> <payload.json> > licence.lic
 * payload.json: { licence_id, customer, not_before, not_after, products: { android: { tasks, per_user } }, modules? }
 */
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { LICENCE_FORMAT } from '../format.ts';

/** Signs a payload object with an Ed25519 private key (PEM): the licence file's text. */
export function signLicence(payload: object, privateKeyPem: string): string {
  const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
  const signature = sign(null, bytes, createPrivateKey(privateKeyPem));
  return JSON.stringify({ format: LICENCE_FORMAT, alg: 'Ed25519', payload: bytes.toString('base64'), signature: signature.toString('base64') }, null, 2);
}

export function generateVendorKeys(): { privateKeyPem: string; publicKeyPem: string } {
  const k = generateKeyPairSync('ed25519');
  return { privateKeyPem: k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKeyPem: k.publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0')) {
  const [cmd, keyPath, payloadPath] = process.argv.slice(2);
  if (cmd === 'keygen' && keyPath) {
    const k = generateVendorKeys();
    writeFileSync(keyPath, k.privateKeyPem, { mode: 0o600, flag: 'wx' });
    process.stdout.write(k.publicKeyPem);
  } else if (cmd === 'sign' && keyPath && payloadPath) {
    process.stdout.write(`${signLicence(JSON.parse(readFileSync(payloadPath, 'utf8')) as object, readFileSync(keyPath, 'utf8'))}\n`);
  } else {
    process.stderr.write('usage: sign.ts keygen <private.pem> | sign <private.pem> <payload.json>\n');
    process.exitCode = 2;
  }
}
