/**
 * AAB input: a bundle made here from the corpus UnCrackable APK the way a bundle stores its base module
 * (aapt2's protobuf manifest and resources, dex/, BundleConfig.pb) is converted back by Debian's aapt2,
 * hardened and verified like an APK; a bundle with a dynamic-feature module is refused with the reason.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZipArchive, buildZip } from '@citadel/engine-core';
import { CORPUS, hasCorpus } from '@citadel/engine-core/testing';
import { ShieldError } from '@citadel/shield-core';
import { findTool } from '../signing/tools.ts';
import { hardenApp } from './module.ts';

const dir = mkdtempSync(join(tmpdir(), 'shield-aab-'));
const ready = hasCorpus(CORPUS.uncrackable) && (['aapt2', 'apksigner', 'zipalign', 'dexdump'] as const).every((x) => findTool(x));

/** The APK's base module in bundle layout; `extra` adds entries (another module …). */
async function bundleOf(apk: string, extra: { name: string; data: Buffer }[] = []): Promise<Buffer> {
  const proto = join(dir, 'proto.apk');
  execFileSync(findTool('aapt2')!, ['convert', '--output-format', 'proto', '-o', proto, apk]);
  const entries: { name: string; data: Buffer }[] = [{ name: 'BundleConfig.pb', data: Buffer.of(0x0a, 0x00) }];
  const p = await ZipArchive.open(proto);
  for (const e of p.entries) entries.push({ name: e.name === 'AndroidManifest.xml' ? 'base/manifest/AndroidManifest.xml' : `base/${e.name}`, data: await p.read(e) });
  await p.close();
  const a = await ZipArchive.open(apk);
  for (const e of a.entries) if (/^classes\d*\.dex$/.test(e.name)) entries.push({ name: `base/dex/${e.name}`, data: await a.read(e) });
  await a.close();
  return buildZip([...entries, ...extra]);
}

describe.skipIf(!ready)('app hardening of an Android App Bundle', () => {
  it('converts the base module to an APK with Debian aapt2, then protects, signs and verifies it', async () => {
    const aab = join(dir, 'uncrackable.aab');
    writeFileSync(aab, await bundleOf(CORPUS.uncrackable));
    const r = await hardenApp({ path: aab, name: 'uncrackable.aab' }, { signWith: 'oneOff' }, { workDir: mkdtempSync(join(dir, 'h-')) });
    expect(r.outputName).toBe('uncrackable-protected.apk');
    expect(r.applied.map((x) => x.id)).toContain('bundle.universal-apk');
    expect(r.verification.checks.filter((c) => !c.ok)).toEqual([]);
    const out = await ZipArchive.open(r.outputPath);
    const names = out.entries.map((e) => e.name);
    await out.close();
    expect(names).toEqual(expect.arrayContaining(['AndroidManifest.xml', 'resources.arsc', 'classes.dex']));
    expect(names.some((n) => n.startsWith('base/'))).toBe(false);
    // The converted manifest is binary XML again: aapt reads the package from it.
    expect(execFileSync(findTool('aapt2')!, ['dump', 'badging', r.outputPath], { encoding: 'utf8' })).toContain("package: name='owasp.mstg.uncrackable1'");
  }, 120_000);

  it('refuses a bundle with another module, naming it', async () => {
    const aab = join(dir, 'feature.aab');
    writeFileSync(aab, await bundleOf(CORPUS.uncrackable, [{ name: 'camera/manifest/AndroidManifest.xml', data: readFileSync(CORPUS.uncrackable).subarray(0, 16) }]));
    const err = await hardenApp({ path: aab, name: 'feature.aab' }, { signWith: 'oneOff' }, { workDir: mkdtempSync(join(dir, 'h-')) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShieldError);
    expect((err as ShieldError).code).toBe('SHIELD_NOT_APK');
    expect((err as ShieldError).text.en).toContain('camera');
  });
});
