/**
 * Original keys (SPEC §3): symmetric (AES-128/192/256, SM4 — typed in or drawn
 * from the CSPRNG) and asymmetric (RSA/EC/SM2 pairs generated here, or an
 * imported public key). Secrets are stored only envelope-encrypted; after
 * creation the API shows a public key at most. A key a library uses cannot be
 * deleted.
 */
import { randomBytes } from 'node:crypto';
import {
  ASYMMETRIC_ALGORITHMS,
  type AsymmetricAlgorithm,
  SYMMETRIC_ALGORITHMS,
  type SymmetricAlgorithm,
  describePublicKey,
  generateKeyPair,
  openSecret,
  sealSecret,
} from '@citadel/whitebox';
import { type Kysely, type Selectable, sql } from 'kysely';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';
import { KEY_RESOURCES, assertGrant, assertVisible, likePattern, mayDelete, scopeOf } from './access.ts';
import type { WhiteboxDB, WhiteboxKeysTable } from './schema.ts';

export type KeyKind = 'symmetric' | 'asymmetric';

export interface KeyInput {
  kind: KeyKind;
  name: string;
  algorithm: string;
  /** symmetric: input | generated; asymmetric: generated_pair | imported_public */
  source: string;
  key_hex?: string;
  public_key?: string;
}

export interface KeyView {
  id: number;
  kind: KeyKind;
  name: string;
  algorithm: string;
  bits: number;
  source: string;
  public_key: string | null;
  libraries: string[];
  user: string;
  created_at: number;
  enabled: boolean;
  deletable: boolean;
}

type Row = Selectable<WhiteboxKeysTable>;

export class KeyService {
  constructor(
    private readonly db: Kysely<WhiteboxDB>,
    private readonly master: () => Buffer,
  ) {}

  async list(who: Identity, req: { kind: KeyKind; keyword?: string; page: number; page_size: number }): Promise<{ total: number; list: KeyView[] }> {
    assertGrant(who, KEY_RESOURCES[req.kind], 'view');
    let q = this.db.selectFrom('whitebox_keys as k').leftJoin('users as u', 'u.id', 'k.created_by').where('k.kind', '=', req.kind);
    const scope = scopeOf(who);
    if (scope !== undefined) q = q.where('k.customer_id', '=', scope);
    if (req.keyword) q = q.where('k.name', 'like', sql<string>`${likePattern(req.keyword)} escape '\\'`);
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q.selectAll('k').select('u.name as user_name').orderBy('k.id', 'desc').limit(req.page_size).offset((req.page - 1) * req.page_size).execute();
    const libs = rows.length
      ? await this.db.selectFrom('whitebox_libraries').select(['key_id', 'name']).where('key_id', 'in', rows.map((r) => r.id)).execute()
      : [];
    return {
      total,
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        name: r.name,
        algorithm: r.algorithm,
        bits: r.bits,
        source: r.source,
        public_key: r.public_key,
        libraries: libs.filter((l) => l.key_id === r.id).map((l) => l.name),
        user: r.user_name ?? '',
        created_at: Number(r.created_at),
        enabled: r.enabled === 1,
        deletable: mayDelete(who, r),
      })),
    };
  }

  async create(who: Identity, input: KeyInput): Promise<KeyView> {
    assertGrant(who, KEY_RESOURCES[input.kind], 'add');
    const name = input.name.trim();
    if (!name) fail('field_required');
    const uid = randomBytes(16).toString('hex');
    let algorithm = input.algorithm;
    let bits: number;
    let secret: Buffer | undefined;
    let publicKey: string | null = null;
    if (input.kind === 'symmetric') {
      const len = SYMMETRIC_ALGORITHMS[input.algorithm as SymmetricAlgorithm];
      if (!len) fail('illegal_parameter', 'algorithm');
      bits = len * 8;
      if (input.source === 'input') {
        const hex = (input.key_hex ?? '').trim();
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len * 2) fail('illegal_parameter', `key: ${len * 2} hex digits`);
        secret = Buffer.from(hex, 'hex');
      } else if (input.source === 'generated') {
        secret = randomBytes(len);
      } else fail('illegal_parameter', 'source');
    } else if (input.source === 'generated_pair') {
      if (!(ASYMMETRIC_ALGORITHMS as readonly string[]).includes(input.algorithm)) fail('illegal_parameter', 'algorithm');
      const pair = generateKeyPair(input.algorithm as AsymmetricAlgorithm);
      secret = Buffer.from(pair.privatePem);
      publicKey = pair.publicPem;
      bits = pair.bits;
    } else if (input.source === 'imported_public') {
      let d;
      try {
        d = describePublicKey(input.public_key ?? '');
      } catch {
        return fail('illegal_parameter', 'public_key');
      }
      publicKey = d.publicPem;
      algorithm = d.algorithm;
      bits = d.bits;
    } else return fail('illegal_parameter', 'source');
    const sealed = secret ? sealSecret(this.master(), secret, uid) : undefined;
    secret?.fill(0);
    const row = await this.db
      .insertInto('whitebox_keys')
      .values({
        uid,
        kind: input.kind,
        name: name.slice(0, 100),
        algorithm,
        bits,
        source: input.source,
        public_key: publicKey,
        wrapped_key: sealed?.wrappedKey ?? null,
        ciphertext: sealed?.ciphertext ?? null,
        enabled: 1,
        customer_id: who.user.customer_id,
        created_by: who.user.id,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, kind: input.kind, name, algorithm, bits, source: input.source, public_key: publicKey, libraries: [], user: who.user.name, created_at: Date.now(), enabled: true, deletable: true };
  }

  async setEnabled(who: Identity, kind: KeyKind, id: number, enabled: boolean): Promise<void> {
    assertGrant(who, KEY_RESOURCES[kind], 'edit');
    assertVisible(who, await this.find(kind, id));
    await this.db.updateTable('whitebox_keys').set({ enabled: enabled ? 1 : 0 }).where('id', '=', id).execute();
  }

  async delete(who: Identity, kind: KeyKind, ids: number[]): Promise<void> {
    assertGrant(who, KEY_RESOURCES[kind], 'delete');
    for (const id of ids) {
      const row = assertVisible(who, await this.find(kind, id));
      if (!mayDelete(who, row)) fail('unauthorized_operation');
    }
    await this.db.transaction().execute(async (trx) => {
      const used = await trx.selectFrom('whitebox_libraries').select('key_id').where('key_id', 'in', ids).executeTakeFirst();
      if (used) fail('whitebox_key_in_use');
      await trx.deleteFrom('whitebox_keys').where('id', 'in', ids).execute();
    });
  }

  /** Enabled symmetric keys the caller may build a library with (id, name, algorithm only). */
  async options(who: Identity): Promise<{ id: number; name: string; algorithm: string }[]> {
    let q = this.db.selectFrom('whitebox_keys').select(['id', 'name', 'algorithm']).where('kind', '=', 'symmetric').where('enabled', '=', 1);
    const scope = scopeOf(who);
    if (scope !== undefined) q = q.where('customer_id', '=', scope);
    return q.orderBy('id', 'desc').limit(500).execute();
  }

  private find(kind: KeyKind, id: number): Promise<Row | undefined> {
    return this.db.selectFrom('whitebox_keys').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  }

  /** The secret of a symmetric key, for a generation job of the same customer. */
  async symmetricSecret(who: Identity, id: number): Promise<{ row: Row; secret: Buffer }> {
    const row = assertVisible(who, await this.find('symmetric', id));
    if (row.enabled !== 1 || !row.wrapped_key || !row.ciphertext) fail('illegal_parameter', 'key');
    return { row, secret: openSecret(this.master(), { wrappedKey: row.wrapped_key, ciphertext: row.ciphertext }, row.uid) };
  }
}
