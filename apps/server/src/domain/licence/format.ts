/**
 * The licence file (issue 30): a JSON envelope
 *   { "format": "citadel-licence/1", "alg": "Ed25519", "payload": base64(JSON), "signature": base64 }
 * where the signature is Ed25519 (RFC 8032) over the payload bytes exactly as
 * base64-decoded. The product embeds only the vendor's public key; the vendor
 * signs with vendor/sign.ts, which the server never imports.
 *
 * Payload: licence_id, customer, issued_at, not_before, not_after (ISO-8601),
 * products: { <platform>: { tasks?, per_user?, not_before?, not_after? } } —
 * usage counts of the product and per user, and the product's own window inside
 * the licence's — and optionally modules: top-level menu keys the licence opens
 * (absent = every module).
 */
import { createPublicKey, verify } from 'node:crypto';
import { PLATFORMS, ROUTES } from '@citadel/contracts';
import { AppError } from '../../http/app-error.ts';

export const LICENCE_FORMAT = 'citadel-licence/1';

export interface ProductGrant {
  /** Tasks the product may create under this licence (absent = unlimited). */
  tasks?: number;
  /** Tasks each user may create with this product (absent = unlimited). */
  per_user?: number;
  not_before?: number;
  not_after?: number;
}

export interface LicencePayload {
  licence_id: string;
  customer: string;
  issued_at: number;
  not_before: number;
  not_after: number;
  products: Record<string, ProductGrant>;
  /** Top-level menu keys; undefined = all modules. */
  modules?: string[];
}

/** Modules a licence can name: the top-level menu keys. */
export const MODULE_KEYS: readonly string[] = ROUTES.map((r) => r.key);
const PLATFORM_SET = new Set<string>(PLATFORMS);

const err = (code: 'authorization_parse_failed' | 'licence_wrong' | 'licence_decrypt_failed' | 'module_permission_parse_failed' | 'available_time_too_early' | 'stop_time_too_late', detail?: string) => new AppError(code, detail);

function time(v: unknown, field: string): number {
  if (typeof v !== 'string' || v.length > 40) throw err('authorization_parse_failed', field);
  const t = Date.parse(v);
  if (!Number.isFinite(t)) throw err('authorization_parse_failed', field);
  return t;
}

function count(v: unknown, field: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Number.isSafeInteger(v) || (v as number) < 0) throw err('module_permission_parse_failed', field);
  return v as number;
}

/** Verifies the signature with `publicKeyPem` and parses the payload; every failure is a catalogue error. */
export function readLicence(document: string, publicKeyPem: string): LicencePayload {
  let envelope: { format?: unknown; alg?: unknown; payload?: unknown; signature?: unknown };
  try {
    envelope = JSON.parse(document) as typeof envelope;
  } catch {
    throw err('authorization_parse_failed');
  }
  if (!envelope || typeof envelope !== 'object' || envelope.format !== LICENCE_FORMAT || typeof envelope.payload !== 'string' || typeof envelope.signature !== 'string') throw err('authorization_parse_failed');
  if (envelope.alg !== 'Ed25519') throw err('licence_wrong', 'alg');
  const b64 = /^[A-Za-z0-9+/]+={0,2}$/;
  if (!b64.test(envelope.payload) || !b64.test(envelope.signature)) throw err('licence_decrypt_failed');
  const payload = Buffer.from(envelope.payload, 'base64');
  const signature = Buffer.from(envelope.signature, 'base64');
  if (signature.length !== 64) throw err('licence_wrong', 'signature');
  if (!verify(null, payload, createPublicKey(publicKeyPem), signature)) throw err('licence_wrong', 'signature');
  return parsePayload(payload);
}

function parsePayload(bytes: Buffer): LicencePayload {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw err('authorization_parse_failed');
  }
  if (!raw || typeof raw !== 'object') throw err('authorization_parse_failed');
  const id = raw.licence_id;
  const customer = raw.customer;
  if (typeof id !== 'string' || !/^[\w.-]{1,64}$/.test(id)) throw err('authorization_parse_failed', 'licence_id');
  if (typeof customer !== 'string' || !customer.trim() || customer.length > 200) throw err('authorization_parse_failed', 'customer');
  const notBefore = time(raw.not_before, 'not_before');
  const notAfter = time(raw.not_after, 'not_after');
  if (notAfter <= notBefore) throw err('authorization_parse_failed', 'not_after');
  const productsRaw = raw.products;
  if (!productsRaw || typeof productsRaw !== 'object' || Array.isArray(productsRaw)) throw err('module_permission_parse_failed', 'products');
  const products: Record<string, ProductGrant> = {};
  for (const [name, g] of Object.entries(productsRaw as Record<string, unknown>)) {
    if (!PLATFORM_SET.has(name) || !g || typeof g !== 'object') throw err('module_permission_parse_failed', name);
    const grant = g as Record<string, unknown>;
    const p: ProductGrant = {};
    const tasks = count(grant.tasks, `${name}.tasks`);
    const perUser = count(grant.per_user, `${name}.per_user`);
    if (tasks !== undefined) p.tasks = tasks;
    if (perUser !== undefined) p.per_user = perUser;
    if (grant.not_before !== undefined) {
      p.not_before = time(grant.not_before, `${name}.not_before`);
      // A product cannot start before, nor stop after, the licence itself (SPEC §8 texts).
      if (p.not_before < notBefore) throw err('available_time_too_early', name);
    }
    if (grant.not_after !== undefined) {
      p.not_after = time(grant.not_after, `${name}.not_after`);
      if (p.not_after > notAfter) throw err('stop_time_too_late', name);
    }
    products[name] = p;
  }
  let modules: string[] | undefined;
  if (raw.modules !== undefined) {
    if (!Array.isArray(raw.modules) || !raw.modules.every((m) => typeof m === 'string' && MODULE_KEYS.includes(m))) throw err('module_permission_parse_failed', 'modules');
    modules = [...new Set(raw.modules as string[])];
  }
  return { licence_id: id, customer: customer.trim(), issued_at: raw.issued_at === undefined ? notBefore : time(raw.issued_at, 'issued_at'), not_before: notBefore, not_after: notAfter, products, ...(modules ? { modules } : {}) };
}
