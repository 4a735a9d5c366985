/**
 * The one typed configuration of the server: environment variables, optionally
 * preceded by a JSON file named by CITADEL_CONFIG (environment wins). Every name
 * is documented in README.md; unknown or malformed values stop the start-up with
 * a clear message instead of running with a surprise.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SsoConfig, ssoConfig } from './domain/sso/sso-config.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… for PostgreSQL; empty for the embedded SQLite file in dataDir. */
  databaseUrl: string;
  /** redis://… for the scaled-out queue (BullMQ); empty for the embedded queue. */
  redisUrl: string;
  /** First-start admin password; empty → a random one is generated and printed once. */
  adminPassword: string;
  /** CITADEL_TEST_HOOKS=1 enables /__test/* routes (captcha answers) for the browser tests. Never in production. */
  testHooks: boolean;
  /** Built SPA folder served at /. */
  webDir: string;
  sessionTtlHours: number;
  idleTimeoutMinutes: number;
  /** Last-resort account lock: counted wrong passwords (each address counts at most loginFreeAttempts). */
  lockoutAttempts: number;
  lockoutMinutes: number;
  /** Wrong passwords an (address, account) pair may make before it is slowed (429, doubling waits). */
  loginFreeAttempts: number;
  /** Longest wait a slowed pair gets between attempts. */
  loginMaxDelayMinutes: number;
  /** Requests per minute per address and route to sign-in, its key, captchas and the session check. */
  rateSignInPerMinute: number;
  /** Requests per minute per session token (or address) to every other API route. */
  rateApiPerMinute: number;
  captchaTtlSeconds: number;
  logLevel: string;
  /** Trust X-Forwarded-For from a reverse proxy (for the audit trail's client address). */
  trustProxy: boolean;
  /** Object storage: a local folder (dataDir/objects) or an S3-compatible bucket. */
  storage: 'local' | 's3';
  s3: { endpoint: string; bucket: string; region: string; accessKey: string; secretKey: string; forcePathStyle: boolean };
  /** Size limit of target uploads in MB (kinds with their own limit, like images, keep theirs). */
  uploadMaxMb: number;
  /** Install, SDK and source files are deleted after this many days; the sample row stays (SPEC §9). */
  retentionDays: number;
  retentionIntervalMinutes: number;
  /** Run queued tasks in this process (embedded mode); 0 when separate workers do it. */
  embeddedWorker: boolean;
  workerConcurrency: number;
  taskTimeoutSeconds: number;
  taskMemoryMb: number;
  /** Largest single file of an unpacked firmware image served by /f/unpack_file_download and the preview (KiB). */
  firmwareFileMaxKb: number;
  /** How long a worker's claim on a running task lasts without renewal before the task is re-queued. */
  taskLeaseSeconds: number;
  /** Prefix of the BullMQ queue and the Redis event channel, so deployments can share one Redis. */
  queuePrefix: string;
  /** PostgreSQL schema to use instead of public (DATABASE_SCHEMA). */
  databaseSchema: string;
  /** Networks scanners may reach beyond the public internet (comma-separated CIDRs), and networks they must not. */
  scanAllowNetworks: string;
  scanDenyNetworks: string;
  scanAllowPrivate: boolean;
  scanAllowLoopback: boolean;
  /** HOST:PORT where web scans start their out-of-band SSRF listener; empty: no listener. */
  scanCallbackListen: string;
  /** How targets reach that listener (default http://HOST:PORT/). */
  scanCallbackUrl: string;
  /** The highest request rate (per second) a web scan may ask for. */
  scanMaxRate: number;
  /** White-box master key (32 bytes) that seals original keys at rest; empty: a key file in dataDir (see domain/whitebox/master-key.ts). */
  masterKey: string;
  /** Bearer token /metrics demands; empty: /metrics answers loopback clients only. */
  metricsToken: string;
  /** Single sign-on through an OpenID Connect provider (domain/sso/sso-config.ts); issuer empty: off. */
  sso: SsoConfig;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

type Source = Record<string, string | undefined>;

function readFileSource(env: Source): Source {
  const file = env.CITADEL_CONFIG;
  if (!file) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`CITADEL_CONFIG: cannot read ${file}: ${(err as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`CITADEL_CONFIG: ${file} must hold a JSON object of NAME: value`);
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v === null || v === undefined ? undefined : String(v)]));
}

function int(src: Source, name: string, fallback: number, min: number, max: number): number {
  const raw = src[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

/** A comma-separated list of IPv4/IPv6 addresses or CIDR blocks (checked for shape; the engine parses them). */
function cidrs(src: Source, key: string): string {
  const raw = (src[key] ?? '').trim();
  if (!raw) return '';
  for (const part of raw.split(',').map((x) => x.trim())) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part)) throw new Error(`${key}: "${part}" is not an address or CIDR block`);
  }
  return raw;
}

/** An identifier-like value (letters, digits, _ and -), safe in a schema name or a Redis key. */
function name(src: Source, key: string, fallback: string): string {
  const raw = src[key];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[A-Za-z_][A-Za-z0-9_-]{0,62}$/.test(raw)) throw new Error(`${key} must be letters, digits, _ or - (at most 63), got "${raw}"`);
  return raw;
}

/** HOST:PORT (a name or an address, and a port), or empty. */
function hostPort(src: Source, key: string): string {
  const raw = src[key] ?? '';
  if (raw === '') return '';
  const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(raw);
  if (!m || Number(m[2]) > 65535) throw new Error(`${key} must be HOST:PORT, got "${raw}"`);
  return raw;
}

/** An http(s) URL, or empty. */
function httpUrl(src: Source, key: string): string {
  const raw = src[key] ?? '';
  if (raw === '') return '';
  let ok = false;
  try {
    ok = ['http:', 'https:'].includes(new URL(raw).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw new Error(`${key} must be an http(s) URL, got "${raw}"`);
  return raw;
}

/** 32 bytes as 64 hex digits or base64; empty when unset. The value itself never appears in an error. */
function masterKey(src: Source, key: string): string {
  const raw = (src[key] ?? '').trim();
  if (raw === '') return '';
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return raw.toLowerCase();
  if (/^[A-Za-z0-9+/]{43}=?$/.test(raw) && Buffer.from(raw, 'base64').length === 32) return Buffer.from(raw, 'base64').toString('hex');
  throw new Error(`${key} must be 32 bytes as 64 hex digits or base64`);
}

function bool(src: Source, name: string): boolean {
  const raw = src[name];
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new Error(`${name} must be 1/true or 0/false, got "${raw}"`);
}

export function loadConfig(env: Source = process.env): Config {
  const src: Source = { ...readFileSource(env), ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) };
  const databaseUrl = src.DATABASE_URL ?? '';
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)');
  const redisUrl = src.REDIS_URL ?? '';
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new Error('REDIS_URL must be a redis:// URL');
  return {
    port: int(src, 'CITADEL_PORT', 8080, 0, 65535),
    host: src.CITADEL_HOST || '0.0.0.0',
    dataDir: path.resolve(src.CITADEL_DATA_DIR || path.join(process.cwd(), 'data')),
    databaseUrl,
    redisUrl,
    adminPassword: src.CITADEL_ADMIN_PASSWORD ?? '',
    testHooks: bool(src, 'CITADEL_TEST_HOOKS'),
    webDir: path.resolve(src.CITADEL_WEB_DIR || path.join(repoRoot, 'apps/web/dist')),
    sessionTtlHours: int(src, 'CITADEL_SESSION_TTL_HOURS', 12, 1, 24 * 30),
    idleTimeoutMinutes: int(src, 'CITADEL_IDLE_TIMEOUT_MINUTES', 120, 1, 24 * 60),
    lockoutAttempts: int(src, 'CITADEL_LOCKOUT_ATTEMPTS', 20, 1, 1000),
    lockoutMinutes: int(src, 'CITADEL_LOCKOUT_MINUTES', 15, 1, 24 * 60),
    loginFreeAttempts: int(src, 'CITADEL_LOGIN_FREE_ATTEMPTS', 5, 1, 100),
    loginMaxDelayMinutes: int(src, 'CITADEL_LOGIN_MAX_DELAY_MINUTES', 15, 1, 24 * 60),
    rateSignInPerMinute: int(src, 'CITADEL_RATE_SIGNIN_PER_MINUTE', 120, 1, 1_000_000),
    rateApiPerMinute: int(src, 'CITADEL_RATE_API_PER_MINUTE', 1200, 1, 10_000_000),
    captchaTtlSeconds: int(src, 'CITADEL_CAPTCHA_TTL_SECONDS', 300, 10, 3600),
    logLevel: src.CITADEL_LOG_LEVEL || 'info',
    trustProxy: bool(src, 'CITADEL_TRUST_PROXY'),
    ...storageConfig(src),
    uploadMaxMb: int(src, 'CITADEL_UPLOAD_MAX_MB', 4096, 1, 1024 * 1024),
    retentionDays: int(src, 'CITADEL_RETENTION_DAYS', 90, 1, 36500),
    retentionIntervalMinutes: int(src, 'CITADEL_RETENTION_INTERVAL_MINUTES', 60, 1, 7 * 24 * 60),
    // Default: run tasks in the portal unless REDIS_URL hands them to `npm run worker` processes.
    embeddedWorker: src.CITADEL_EMBEDDED_WORKER === undefined || src.CITADEL_EMBEDDED_WORKER === '' ? !redisUrl : bool(src, 'CITADEL_EMBEDDED_WORKER'),
    workerConcurrency: int(src, 'CITADEL_WORKER_CONCURRENCY', os.availableParallelism(), 1, 256),
    taskTimeoutSeconds: int(src, 'CITADEL_TASK_TIMEOUT_SECONDS', 1800, 1, 7 * 24 * 3600),
    taskMemoryMb: int(src, 'CITADEL_TASK_MEMORY_MB', 2048, 64, 256 * 1024),
    firmwareFileMaxKb: int(src, 'CITADEL_FIRMWARE_FILE_MAX_KB', 64 * 1024, 1, 1024 * 1024),
    taskLeaseSeconds: int(src, 'CITADEL_TASK_LEASE_SECONDS', 30, 1, 3600),
    queuePrefix: name(src, 'CITADEL_QUEUE_PREFIX', 'citadel'),
    databaseSchema: name(src, 'DATABASE_SCHEMA', ''),
    scanAllowNetworks: cidrs(src, 'CITADEL_SCAN_ALLOW_NETWORKS'),
    scanDenyNetworks: cidrs(src, 'CITADEL_SCAN_DENY_NETWORKS'),
    scanAllowPrivate: bool(src, 'CITADEL_SCAN_ALLOW_PRIVATE'),
    scanAllowLoopback: bool(src, 'CITADEL_SCAN_ALLOW_LOOPBACK'),
    scanCallbackListen: hostPort(src, 'CITADEL_SCAN_CALLBACK_LISTEN'),
    scanCallbackUrl: httpUrl(src, 'CITADEL_SCAN_CALLBACK_URL'),
    scanMaxRate: int(src, 'CITADEL_SCAN_MAX_RATE', 20, 1, 1000),
    masterKey: masterKey(src, 'CITADEL_MASTER_KEY'),
    metricsToken: src.CITADEL_METRICS_TOKEN ?? '',
    sso: ssoConfig(src),
  };
}

function storageConfig(src: Source): Pick<Config, 'storage' | 's3'> {
  const storage = src.CITADEL_STORAGE || 'local';
  if (storage !== 'local' && storage !== 's3') throw new Error(`CITADEL_STORAGE must be local or s3, got "${storage}"`);
  const s3 = {
    endpoint: src.CITADEL_S3_ENDPOINT ?? '',
    bucket: src.CITADEL_S3_BUCKET ?? '',
    region: src.CITADEL_S3_REGION || 'us-east-1',
    accessKey: src.CITADEL_S3_ACCESS_KEY ?? '',
    secretKey: src.CITADEL_S3_SECRET_KEY ?? '',
    forcePathStyle: bool(src, 'CITADEL_S3_FORCE_PATH_STYLE'),
  };
  if (storage === 's3') {
    if (!s3.bucket) throw new Error('CITADEL_S3_BUCKET is required when CITADEL_STORAGE=s3');
    if (s3.endpoint && !/^https?:\/\//.test(s3.endpoint)) throw new Error('CITADEL_S3_ENDPOINT must be an http(s):// URL');
    if (!s3.accessKey || !s3.secretKey) throw new Error('CITADEL_S3_ACCESS_KEY and CITADEL_S3_SECRET_KEY are required when CITADEL_STORAGE=s3');
  }
  return { storage, s3 };
}
