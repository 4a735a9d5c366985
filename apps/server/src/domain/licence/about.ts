/**
 * About (issue 30): version, build, runtime and the third-party packages the
 * product runs on with their licences — generated from the installed packages
 * (node_modules), walking the production dependencies of every workspace, so the
 * list is what is actually installed, never a hand-kept copy.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ThirdParty {
  name: string;
  version: string;
  license: string;
  homepage: string;
}

export interface AboutInfo {
  name: string;
  version: string;
  build: string;
  node: string;
  third_party: ThirdParty[];
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
/** Bounds the walk (a damaged node_modules cannot make it run away). */
const MAX_PACKAGES = 5000;

type Manifest = { name?: string; version?: string; license?: unknown; licenses?: unknown; homepage?: unknown; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; workspaces?: string[] };

function readManifest(file: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

function licenseOf(m: Manifest): string {
  if (typeof m.license === 'string') return m.license;
  if (m.license && typeof m.license === 'object' && typeof (m.license as { type?: unknown }).type === 'string') return (m.license as { type: string }).type;
  if (Array.isArray(m.licenses)) return m.licenses.map((l: { type?: string }) => l.type ?? '').filter(Boolean).join(' OR ');
  return 'UNKNOWN';
}

/** Node's lookup: the dependency's folder in the nearest node_modules from `fromDir` up to the root. */
function resolveDir(name: string, fromDir: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === ROOT || dir === path.dirname(dir)) return undefined;
    dir = path.dirname(dir);
  }
}

function workspaceDirs(): string[] {
  const dirs = [ROOT];
  for (const group of ['apps', 'packages', 'packages/engines', 'packages/shield']) {
    const base = path.join(ROOT, group);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true })) if (entry.isDirectory() && existsSync(path.join(base, entry.name, 'package.json'))) dirs.push(path.join(base, entry.name));
  }
  return dirs;
}

export function thirdPartyPackages(): ThirdParty[] {
  const own = new Set<string>();
  const queue: [string, string][] = [];
  for (const dir of workspaceDirs()) {
    const m = readManifest(path.join(dir, 'package.json'));
    if (!m) continue;
    if (m.name) own.add(m.name);
    for (const dep of Object.keys({ ...m.dependencies, ...m.optionalDependencies })) queue.push([dep, dir]);
  }
  const seen = new Map<string, ThirdParty>();
  while (queue.length && seen.size < MAX_PACKAGES) {
    const [name, from] = queue.shift()!;
    if (own.has(name)) continue;
    const dir = resolveDir(name, from);
    if (!dir) continue;
    const m = readManifest(path.join(dir, 'package.json'));
    if (!m?.name || !m.version) continue;
    const key = `${m.name}@${m.version}`;
    if (seen.has(key)) continue;
    seen.set(key, { name: m.name, version: m.version, license: licenseOf(m), homepage: typeof m.homepage === 'string' ? m.homepage : '' });
    for (const dep of Object.keys({ ...m.dependencies, ...m.optionalDependencies })) queue.push([dep, dir]);
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** The commit the product was built from: CITADEL_BUILD, else the checkout's HEAD, else 'dev'. */
function buildId(): string {
  if (process.env.CITADEL_BUILD) return process.env.CITADEL_BUILD.slice(0, 64);
  try {
    const head = readFileSync(path.join(ROOT, '.git/HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 12);
    const ref = head.slice(5);
    const loose = path.join(ROOT, '.git', ref);
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim().slice(0, 12);
    const packed = readFileSync(path.join(ROOT, '.git/packed-refs'), 'utf8').split('\n').find((l) => l.endsWith(` ${ref}`));
    return packed ? packed.slice(0, 12) : 'dev';
  } catch {
    return 'dev';
  }
}

let cached: AboutInfo | undefined;

export function aboutInfo(): AboutInfo {
  if (cached) return cached;
  const root = readManifest(path.join(ROOT, 'package.json'));
  const server = readManifest(path.join(ROOT, 'apps/server/package.json'));
  cached = { name: 'Citadel', version: server?.version ?? root?.version ?? '0.0.0', build: buildId(), node: process.version, third_party: thirdPartyPackages() };
  return cached;
}
