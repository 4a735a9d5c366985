/**
 * The container files, checked with what runs here (no Docker daemon on the
 * build machines): docker-compose.yml parses, every Citadel service's
 * environment is a configuration the server accepts (loadConfig, with the
 * secrets filled in as .env would), health-gated dependencies point at services
 * with health checks, two portals sit behind the proxy with the WebSocket
 * upgrade, and the Dockerfile's default image runs unprivileged with no compiler.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../apps/server/src/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
}

/** Compose's ${NAME:?msg} / ${NAME:-default} / $$ interpolation, with the .env values given. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}/g, (all, name: string | undefined, op: string | undefined, arg: string | undefined) => {
    if (all === '$$') return '$';
    const v = env[name!];
    if (v !== undefined && v !== '') return v;
    if (op === '?') throw new Error(`compose would refuse to start: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service>; configs: Record<string, { content: string }> };
const secrets = { POSTGRES_PASSWORD: 'pw', MINIO_ROOT_USER: 'citadel', MINIO_ROOT_PASSWORD: 'minio-secret', CITADEL_MASTER_KEY: 'ab'.repeat(32) };
const citadel = Object.entries(compose.services).filter(([, s]) => s.image?.startsWith('citadel'));

describe('docker-compose.yml', () => {
  it('has two portals behind the proxy, workers, PostgreSQL, Redis and MinIO', () => {
    const names = Object.keys(compose.services);
    for (const n of ['proxy', 'portal-1', 'portal-2', 'worker', 'postgres', 'redis', 'minio']) expect(names).toContain(n);
    expect(compose.services.worker!.command).toContain('dist/worker.js');
    expect(compose.services.worker!.deploy?.replicas).toBeGreaterThanOrEqual(2);
    const nginx = compose.configs.nginx!.content;
    expect(nginx).toMatch(/server portal-1:8080/);
    expect(nginx).toMatch(/server portal-2:8080/);
    expect(nginx).toMatch(/proxy_set_header Upgrade/);
  });

  it('gives every Citadel service a configuration the server accepts, and refuses to start without the secrets', () => {
    expect(citadel.length).toBe(3);
    for (const [name, s] of citadel) {
      const env = Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), secrets)]));
      const config = loadConfig(env);
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\/citadel:pw@postgres:5432\/citadel$/);
      expect(config.redisUrl, name).toBe('redis://redis:6379');
      expect(config.storage, name).toBe('s3');
      expect(config.masterKey, name).toBe('ab'.repeat(32));
      expect(config.embeddedWorker, name).toBe(false);
      if (name.startsWith('portal')) expect(config.trustProxy).toBe(true);
    }
    expect(() => interpolate(String(compose.services['portal-1']!.environment!.CITADEL_MASTER_KEY), {})).toThrow(/CITADEL_MASTER_KEY/);
  });

  it('waits only on services that report health, and checks the health of every long-running one', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
        expect(compose.services[dep], `${name} depends on ${dep}`).toBeDefined();
        if (condition === 'service_healthy') expect(compose.services[dep]!.healthcheck, `${dep} has no health check`).toBeDefined();
      }
    }
    for (const n of ['proxy', 'portal-1', 'portal-2', 'postgres', 'redis', 'minio']) expect(compose.services[n]!.healthcheck, n).toBeDefined();
    expect(compose.services['portal-1']!.healthcheck!.test.join(' ')).toMatch(/\/readyz/);
  });
});

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  // Stages without their comments (a comment before the next FROM would count for this one).
  const stages = text.replace(/^#.*\n/gm, '').split(/^FROM /m).slice(1);
  const runtime = stages.find((s) => /AS runtime/.test(s.split('\n')[0]!))!;

  it('builds in one stage and runs the built files unprivileged in another, without compilers', () => {
    expect(stages[0]).toMatch(/npm ci/);
    expect(stages[0]).toMatch(/npm run build/);
    expect(stages[0]).toMatch(/npm prune --omit=dev/);
    expect(runtime).toMatch(/^USER citadel$/m);
    expect(runtime).not.toMatch(/\b(gcc|g\+\+|clang|make|build-essential)\b/);
    expect(runtime).toMatch(/chromium/);
    expect(runtime).toMatch(/fonts-noto-cjk/);
    expect(runtime).toMatch(/CMD \["node", "--enable-source-maps", "dist\/server\.js"\]/);
    // The default target (the last stage) is the runtime image.
    expect(stages.at(-1)!.trim()).toBe('runtime');
  });

  it('leaves sources, installs and data out of the build context', () => {
    const ignore = read('.dockerignore');
    for (const p of ['**/node_modules', '**/dist', 'data', '.git']) expect(ignore.split('\n')).toContain(p);
  });
});
