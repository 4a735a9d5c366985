/** `vulndb import|query|stats` and `--vuln-db` with a small OSV zip written here, into a temporary SQLite file. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '@citadel/engine-core';
import { parseArgs } from './args.ts';
import { runCli } from './scan.ts';

const record = (id: string, name: string, fixed: string) =>
  JSON.stringify({ id, modified: '2024-01-01T00:00:00Z', aliases: [], summary: `${name} flaw`, affected: [{ package: { ecosystem: 'PyPI', name }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed }] }] }] });

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { stdout: (t) => void (out += t), stderr: (t) => void (err += t) });
  return { code, out, err };
}

describe('vulndb commands', () => {
  let dir: string;
  let db: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citadel-cli-vulndb-'));
    db = path.join(dir, 'data', 'citadel.sqlite');
    await writeFile(path.join(dir, 'all.zip'), buildZip([{ name: 'PYSEC-1.json', data: record('PYSEC-1', 'Some_Lib', '2.0rc1') }, { name: 'bad.json', data: '[' }]));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('imports into a new SQLite file, then only what changed', async () => {
    const first = await cli(['vulndb', 'import', path.join(dir, 'all.zip'), '--db', db]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.out)).toMatchObject({ read: 1, added: 1, bad: 1, sources: ['osv:PyPI'] });
    const again = await cli(['vulndb', 'import', dir, '--db', db]);
    expect(JSON.parse(again.out)).toMatchObject({ read: 1, added: 0, unchanged: 1 });
  });

  it('answers queries from the database and from a folder', async () => {
    const hit = await cli(['vulndb', 'query', 'pkg:pypi/some-lib@2.0b3', '--db', db]);
    expect(hit.code).toBe(0);
    expect(hit.out).toMatch(/^PYSEC-1 .*fixed: 2\.0rc1/);
    expect((await cli(['vulndb', 'query', 'pkg:pypi/some-lib@2.0', '--vuln-db', dir])).out).toBe('no known vulnerabilities\n');
    const stats = JSON.parse((await cli(['vulndb', 'stats', '--db', db])).out);
    expect(stats).toEqual([expect.objectContaining({ source: 'osv:PyPI', records: 1, bad: 1 })]);
  });

  it('reports errors and usage', async () => {
    expect((await cli(['vulndb', 'query', 'nonsense', '--db', db])).code).toBe(4);
    expect((await cli(['vulndb', 'stats', '--db', path.join(dir, 'missing.sqlite')])).err).toMatch(/cannot open/);
    expect((await cli(['vulndb', 'frobnicate'])).code).toBe(2);
    expect((await cli(['--vuln-db', path.join(dir, 'nope'), 'x.apk'])).code).toBe(2);
  });

  it('scan takes --vuln-db', () => {
    expect(parseArgs(['--vuln-db', '/data/osv', 'fw.bin']).params.vulnDb).toBe('/data/osv');
  });
});
