/**
 * A scan imports only the engine packages its input can go to, and still gets the
 * engine the full list would pick.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readHead } from '@citadel/engine-core';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { loadEngines } from './engines.ts';
import { enginesForScan } from './scan-engines.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'citadel-scan-engines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file of the given name whose first bytes are a ZIP local header (what the package engines sniff). */
function zipLike(name: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60)]));
  return p;
}

describe('engines imported for a scan', async () => {
  const full = (await loadEngines()).registry;

  it('an APK imports the first package only, and gets the engine the full list picks', async () => {
    const apk = zipLike('app.apk');
    const partial = await enginesForScan(parseArgs([apk]));
    expect(partial.list().length).toBeLessThan(full.list().length);
    expect(partial.find('app.apk', await readHead(apk))?.engine.name).toBe(full.find('app.apk', await readHead(apk))?.engine.name);
  });

  it('a file a later package takes imports the packages before it too, and picks the same engine', async () => {
    const hap = zipLike('entry.hap');
    const partial = await enginesForScan(parseArgs([hap]));
    const picked = partial.find('entry.hap', await readHead(hap));
    expect(picked?.engine.name).toBe(full.find('entry.hap', await readHead(hap))?.engine.name);
    expect(partial.list().map((e) => e.name)).toEqual(full.list().slice(0, partial.list().length).map((e) => e.name));
  });

  it('--platform imports that platform’s package; a folder and --list-engines import them all', async () => {
    expect((await enginesForScan(parseArgs(['--platform', 'firmware', zipLike('fw.bin')]))).list().every((e) => e.platforms.includes('firmware'))).toBe(true);
    expect((await enginesForScan(parseArgs([dir]))).list().length).toBe(full.list().length);
    expect((await enginesForScan(parseArgs(['--list-engines']))).list().length).toBe(full.list().length);
  });
});
