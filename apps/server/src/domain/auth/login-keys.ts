/**
 * The RSA key pair that browsers encrypt passwords with (RSA-OAEP, SHA-256).
 * Kept in the database so every server process decrypts what any of them handed
 * out; rotated after a day, and the old key is still accepted for an hour so a
 * page opened just before the rotation can still sign in. Each sealed secret
 * carries a timestamp and nonce; a nonce is accepted once, so a captured
 * ciphertext cannot be replayed.
 */
import { constants, createPrivateKey, generateKeyPairSync, privateDecrypt, randomBytes } from 'node:crypto';
import type { SealedSecret } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import { fail } from '../../http/app-error.ts';
import type { DB } from '../../db/schema.ts';

const KEY_LIFETIME_MS = 24 * 3600_000;
const KEY_GRACE_MS = 3600_000;
/** How old a sealed secret may be (clock skew between browser and server included). */
const SEAL_MAX_AGE_MS = 10 * 60_000;

export class LoginKeys {
  private cache = new Map<string, ReturnType<typeof createPrivateKey>>();

  constructor(private readonly db: Kysely<DB>) {}

  /** The current public key, creating one when none is valid. */
  async current(): Promise<{ keyId: string; publicPem: string }> {
    const now = Date.now();
    const row = await this.db
      .selectFrom('login_keys')
      .select(['id', 'public_pem', 'expires_at'])
      .where('expires_at', '>', now + KEY_GRACE_MS)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (row) return { keyId: row.id, publicPem: row.public_pem };
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const keyId = randomBytes(12).toString('hex');
    await this.db.deleteFrom('login_keys').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('login_keys')
      .values({ id: keyId, public_pem: publicKey, private_pem: privateKey, created_at: now, expires_at: now + KEY_LIFETIME_MS + KEY_GRACE_MS })
      .execute();
    return { keyId, publicPem: publicKey };
  }

  /** Decrypts a sealed secret; `key_expired` when the key is gone or the seal is stale or replayed. */
  async open(keyId: string, ciphertextB64: string): Promise<string> {
    const key = await this.privateKey(keyId);
    let sealed: SealedSecret;
    try {
      const plain = privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ciphertextB64, 'base64'));
      sealed = JSON.parse(plain.toString('utf8')) as SealedSecret;
    } catch {
      return fail('invalid_password');
    }
    if (typeof sealed?.p !== 'string' || typeof sealed.ts !== 'number' || typeof sealed.nonce !== 'string' || !/^[0-9a-f]{16,64}$/.test(sealed.nonce)) {
      return fail('invalid_password');
    }
    const now = Date.now();
    if (Math.abs(now - sealed.ts) > SEAL_MAX_AGE_MS) fail('key_expired');
    await this.db.deleteFrom('used_nonces').where('expires_at', '<', now).execute();
    try {
      await this.db.insertInto('used_nonces').values({ nonce: sealed.nonce, expires_at: now + 2 * SEAL_MAX_AGE_MS }).execute();
    } catch {
      // Primary-key violation: this exact ciphertext's nonce was used before.
      fail('key_expired');
    }
    return sealed.p;
  }

  private async privateKey(keyId: string) {
    const cached = this.cache.get(keyId);
    const row = await this.db.selectFrom('login_keys').select(['private_pem', 'expires_at']).where('id', '=', keyId).executeTakeFirst();
    if (!row || row.expires_at < Date.now()) {
      this.cache.delete(keyId);
      return fail('key_expired');
    }
    if (cached) return cached;
    const key = createPrivateKey(row.private_pem);
    this.cache.set(keyId, key);
    return key;
  }
}
