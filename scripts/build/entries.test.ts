/**
 * Every child process the server forks through childEntry() has a bundle entry
 * of the same name in dist/ — otherwise the built portal (and the container,
 * which has no TypeScript sources) forks a file that is not there, and every
 * job of that kind fails. Found for the hardening child, which started from
 * its TypeScript source through tsx even in the built portal.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without type declarations
import { ENTRIES } from './bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverSrc = path.join(root, 'apps/server/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('child-process entries of the built server', () => {
  const files = sources(serverSrc).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('every childEntry() names a file that the bundle builds under the same name', () => {
    const entries = ENTRIES as Record<string, string>;
    const used = files.flatMap(({ file, text }) =>
      [...text.matchAll(/childEntry\(new URL\('\.\/([\w-]+)\.ts', import\.meta\.url\)\)/g)].map((m) => path.relative(root, path.join(path.dirname(file), `${m[1]}.ts`))),
    );
    expect(used.length).toBeGreaterThanOrEqual(5);
    for (const src of used) expect(entries[path.basename(src, '.ts')], src).toBe(src);
  });

  it('no server code forks a child through tsx directly', () => {
    const direct = files.filter(({ file, text }) => !file.endsWith(path.join('ops', 'child-entry.ts')) && /resolve\('tsx'\)/.test(text));
    expect(direct.map((f) => path.relative(root, f.file))).toEqual([]);
  });
});
