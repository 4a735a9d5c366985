/** The shared corpus APKs through the DEX shell and string encryption (skipped when the corpus or a tool is absent). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZipArchive } from '@citadel/engine-core';
import { DexFile } from '@citadel/engine-android';
import { CORPUS, hasCorpus } from '@citadel/engine-core/testing';
import { hardenApp } from '../app/module.ts';
import { findTool } from '../signing/tools.ts';
import { findShellTool } from './tools.ts';

const dir = mkdtempSync(join(tmpdir(), 'shield-shell-corpus-'));
const haveTools = (['apksigner', 'zipalign', 'dexdump'] as const).every((x) => findTool(x)) && (['smali', 'baksmali', 'enjarify', 'java', 'javac'] as const).every((x) => findShellTool(x));

async function read(apk: string, name: string): Promise<Buffer> {
  const z = await ZipArchive.open(apk);
  try {
    return await z.read(name);
  } finally {
    await z.close();
  }
}

describe.skipIf(!haveTools)('DEX shell on the corpus', () => {
  it.skipIf(!hasCorpus(CORPUS.uncrackable))('UnCrackable Level 1: strings of the app package encrypted, then the shell; every check passes', async () => {
    const t0 = Date.now();
    const r = await hardenApp({ path: CORPUS.uncrackable, name: 'u.apk' }, { signWith: 'oneOff', dexShell: true, encryptStringsIn: ['sg.vantagepoint.*'], rootResponse: 'report', emulatorResponse: 'report' }, { workDir: mkdtempSync(join(dir, 'unc-')) });
    console.log(`UnCrackable Level 1, shell + strings: ${Date.now() - t0} ms (protect ${r.metrics.protectMs} ms, verify ${r.metrics.verifyMs} ms), ${r.metrics.inputBytes} → ${r.metrics.outputBytes} bytes, score ${r.metrics.scoreBefore} → ${r.metrics.scoreAfter}; ${r.applied.find((a) => a.id === 'dex.strings')?.detail}`);
    expect(r.verification.ok, JSON.stringify(r.verification.checks.filter((c) => !c.ok))).toBe(true);
    expect(r.applied.map((a) => a.id)).toEqual(expect.arrayContaining(['dex.shell', 'shell.checks', 'dex.strings']));
    expect(r.verification.checks.find((c) => c.id === 'strings')?.detail).toMatch(/strings decrypted by the shipped Str\.d/);
    const stub = await read(r.outputPath, 'classes.dex');
    expect(stub.includes(Buffer.from('Root detected!'))).toBe(false);
    expect(new DexFile(stub).classes().every((c) => c.name.startsWith('Lcom/citadel/shell/'))).toBe(true);
  }, 120_000);

  it.skipIf(!hasCorpus(CORPUS.diva))('DIVA: shell applied and verified', async () => {
    const t0 = Date.now();
    const r = await hardenApp({ path: CORPUS.diva, name: 'diva.apk' }, { signWith: 'oneOff', dexShell: true, rootResponse: 'report', emulatorResponse: 'report' }, { workDir: mkdtempSync(join(dir, 'diva-')) });
    console.log(`DIVA with shell: ${Date.now() - t0} ms (protect ${r.metrics.protectMs} ms, verify ${r.metrics.verifyMs} ms), ${r.metrics.inputBytes} → ${r.metrics.outputBytes} bytes, score ${r.metrics.scoreBefore} → ${r.metrics.scoreAfter}`);
    expect(r.verification.ok, JSON.stringify(r.verification.checks.filter((c) => !c.ok))).toBe(true);
    expect(r.applied.map((a) => a.id)).toEqual(expect.arrayContaining(['dex.shell', 'shell.checks']));
  }, 120_000);
});
