/**
 * Test support: a real database per test file (an SQLite file in a temp folder,
 * or a fresh schema in this machine's PostgreSQL), the real app built on it, and
 * sign-in through the real captcha + sealed-password flow.
 */
import { publicEncrypt, constants, randomBytes, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SealedSecret } from '@citadel/contracts';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, type Dialect, openDatabase } from '../db/database.ts';

export const TEST_ADMIN_PASSWORD = 'Test#Admin2026';
export const POSTGRES_URL = process.env.CITADEL_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Which dialects the database tests run on: both unless CITADEL_TEST_DIALECTS narrows it. */
export const DIALECTS: Dialect[] = (process.env.CITADEL_TEST_DIALECTS?.split(',') as Dialect[] | undefined) ?? ['sqlite', 'postgres'];

export interface TestDatabase {
  database: Database;
  dataDir: string;
  /** PostgreSQL only: the schema this test database lives in. */
  schema?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'citadel-test-'));
  if (dialect === 'sqlite') {
    const database = openDatabase({ databaseUrl: '', dataDir });
    return { database, dataDir, drop: async () => { await database.close(); rmSync(dataDir, { recursive: true, force: true }); } };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ databaseUrl: POSTGRES_URL, dataDir, schema });
  return {
    database,
    dataDir,
    schema,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(dataDir: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({ CITADEL_DATA_DIR: dataDir, CITADEL_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, CITADEL_TEST_HOOKS: '1', CITADEL_WEB_DIR: path.join(dataDir, 'no-web'), ...overrides });
}

export interface TestApp extends BuiltApp {
  testDb: TestDatabase;
  stop(): Promise<void>;
}

export async function startTestApp(dialect: Dialect, overrides: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase(dialect);
  const built = await buildApp(testConfig(testDb.dataDir, overrides), { database: testDb.database, logger: false });
  return { ...built, testDb, stop: async () => { await built.close(); await testDb.drop(); } };
}

/** Encrypts a password the way the browser does: RSA-OAEP(SHA-256) over a sealed JSON secret. */
export function seal(publicPem: string, password: string, opts: Partial<SealedSecret> = {}): string {
  const secret: SealedSecret = { p: password, ts: Date.now(), nonce: randomBytes(16).toString('hex'), ...opts };
  return publicEncrypt({ key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(JSON.stringify(secret))).toString('base64');
}

export function sign(token: string, payload: string): string {
  return createHmac('sha256', token).update(payload).digest('hex');
}

type Inject = BuiltApp['app']['inject'];

export async function post(app: BuiltApp['app'], url: string, payload: object, headers: Record<string, string> = {}): Promise<{ status: number; body: { data?: any; error?: string; message?: string } }> {
  const res = await (app.inject as Inject)({ method: 'POST', url, payload, headers });
  return { status: res.statusCode, body: res.json() };
}

export async function loginKey(app: BuiltApp['app']): Promise<{ key_id: string; public_key: string }> {
  return (await post(app, '/aa/loginKey', {})).body.data;
}

export async function newCaptcha(built: BuiltApp): Promise<{ id: string; answer: string }> {
  const { data } = (await post(built.app, '/captcha/captchaDight', {})).body;
  const hook = await built.app.inject({ method: 'GET', url: `/__test/captcha/${data.captcha_id}`, remoteAddress: '127.0.0.1' });
  return { id: data.captcha_id, answer: hook.json().data.answer };
}

/** Signs in through the real flow; returns the raw answer so tests can assert on failures. */
export async function attemptLogin(built: BuiltApp, username: string, password: string, extra: Record<string, string> = {}) {
  const key = await loginKey(built.app);
  const captcha = await newCaptcha(built);
  return post(built.app, '/aa/login', {
    agent: 'web',
    username,
    password: seal(key.public_key, password),
    key_id: key.key_id,
    captcha_id: captcha.id,
    captcha_code: captcha.answer,
    ...extra,
  });
}

export async function login(built: BuiltApp, username: string, password: string): Promise<{ token: string; headers: Record<string, string> }> {
  const res = await attemptLogin(built, username, password);
  if (!res.body.data) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  const token: string = res.body.data.token;
  return { token, headers: { token, user: encodeURIComponent(username) } };
}
