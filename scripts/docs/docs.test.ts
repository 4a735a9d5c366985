/**
 * The documentation that ships with the product stays true to it: every
 * setting the server reads is in the administrator guide's table, the CLI
 * reference holds each command's current help text, and every link in docs/
 * and the README resolves to a file inside the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../packages/cli/src/args.ts';
import { BACKUP_USAGE } from '../../packages/cli/src/backup.ts';
import { CITADEL_USAGE } from '../../packages/cli/src/citadel.ts';
import { VULNDB_USAGE } from '../../packages/cli/src/vulndb.ts';
import { WHITEBOX_USAGE } from '../../packages/cli/src/whitebox.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
const docs = readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);

describe('docs/', () => {
  it('the administrator guide documents every setting the server reads', () => {
    const config = read('apps/server/src/config.ts');
    const names = new Set([...config.matchAll(/\bsrc(?:\.|\[')([A-Z][A-Z0-9_]+)/g), ...config.matchAll(/\(src, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!));
    expect(names.size).toBeGreaterThan(30);
    const admin = read('docs/administration.md');
    const table = new Set([...admin.matchAll(/^\| (.+?) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((n) => n[1]!)));
    expect([...names].filter((n) => !table.has(n))).toEqual([]);
  });

  it('the CLI reference holds the current help of every command (node scripts/docs/cli-reference.mjs writes it)', () => {
    const cli = read('docs/cli.md');
    for (const text of [CITADEL_USAGE, USAGE, VULNDB_USAGE, WHITEBOX_USAGE, BACKUP_USAGE]) expect(cli).toContain(text.trimEnd());
    const commands = [...CITADEL_USAGE.matchAll(/^  ([a-z]+)\s{2,}/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
    expect(commands.filter((c) => !cli.includes(`## citadel ${c}\n`))).toEqual([]);
  });

  it('links resolve inside the repository', () => {
    const broken: string[] = [];
    for (const file of [...docs, 'README.md']) {
      for (const m of read(file).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        const resolved = path.resolve(root, path.dirname(file), target);
        if (!resolved.startsWith(`${root}${path.sep}`) || !existsSync(resolved)) broken.push(`${file}: ${target}`);
      }
      if (/\.\.\/shared\//.test(read(file))) broken.push(`${file}: refers to ../shared`);
    }
    expect(broken).toEqual([]);
  });
});
