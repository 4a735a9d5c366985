import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { buildZip, openZip, type ZipWriterEntry } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { needsManifestDigest } from '../../formats/index.ts';
import { corpusApk, corpusAvailable } from '../../formats/testing/corpus.ts';
import { assess, buildApk, result, row, tempFile } from '../../testing/build-apk.ts';
import { openPackage, openPackageDeferred } from '../open-package.ts';
import { runDigests } from './run-digests.ts';

/** Rewrites a built APK's entries (the APK Signing Block, if any, is dropped). */
async function rezip(bytes: Uint8Array, edit: (entries: ZipWriterEntry[]) => ZipWriterEntry[]): Promise<Buffer> {
  const zip = await openZip(bytes);
  try {
    const entries = await Promise.all(zip.entries.map(async (e) => ({ name: e.name, data: await zip.read(e) })));
    return buildZip(edit(entries));
  } finally {
    await zip.close();
  }
}

const files = { 'assets/a.txt': 'alpha', 'res/raw/b.bin': Buffer.alloc(5000, 7), 'META-INF/services/x.Y': 'impl' };

describe('v1 entry digests', () => {
  it('a valid v1 package: every entry checked, nothing reported', async () => {
    const a = await assess({ manifest: { minSdk: 24 }, files, sign: { schemes: ['v1'] } });
    expect(result(a, 'android.certificate.v1_entry_digests')).toBe('pass');
    expect(a.target.signatureVerified).toEqual({ v1: true });
    const m = await openPackage(tempFile(await buildApk({ files, sign: { schemes: ['v1'], v1Digest: 'sha1' } })), 'app.apk');
    expect(m.signing?.v1Entries).toEqual({ checked: 4, problems: [] });
    await m.close();
  });

  it('a tampered entry, an added entry and a removed entry are each reported with the entry as evidence', async () => {
    const signed = await buildApk({ manifest: { minSdk: 24 }, files, sign: { schemes: ['v1'] } });
    const tampered = await rezip(signed, (es) => es.map((e) => (e.name === 'res/raw/b.bin' ? { ...e, data: Buffer.alloc(5000, 8) } : e)));
    const added = await rezip(signed, (es) => [...es, { name: 'assets/extra.dex', data: 'dex\n035' }, { name: 'META-INF/services/z.Z', data: 'evil' }, { name: 'META-INF/SIG-EXTRA', data: '' }, { name: 'assets/dir/', data: '' }]);
    const removed = await rezip(signed, (es) => es.filter((e) => e.name !== 'assets/a.txt'));
    const cases = [
      [tampered, ['res/raw/b.bin'], /digest mismatch: sha256 digest .* does not match/],
      [added, ['assets/extra.dex', 'META-INF/services/z.Z'], /not in MANIFEST\.MF/],
      [removed, ['assets/a.txt'], /missing from the archive/],
    ] as const;
    for (const [bytes, entries, detail] of cases) {
      const a = await assess(bytes);
      expect(result(a, 'android.certificate.v1_entry_digests')).toBe('fail');
      const evidence = row(a, 'android.certificate.v1_entry_digests').evidence;
      expect(evidence.map((e) => e.file)).toEqual(entries);
      for (const e of evidence) expect(e.detail).toMatch(detail);
      expect(result(a, 'android.certificate.signature_invalid')).toBe('fail');
      expect(a.target.signatureVerified).toEqual({ v1: false });
    }
  });

  it('applies apksigner’s rule of which entries must be listed', () => {
    expect(['classes.dex', 'META-INF/services/a.B', 'META-INF/README', 'META-INF/x/CERT.RSA'].every(needsManifestDigest)).toBe(true);
    expect(['res/', 'META-INF/MANIFEST.MF', 'META-INF/CERT.SF', 'META-INF/cert.rsa', 'META-INF/A.DSA', 'META-INF/A.EC', 'META-INF/SIG-X'].some(needsManifestDigest)).toBe(false);
  });

  it('an entry over the archive limits is reported unreadable, not inflated', async () => {
    const signed = await buildApk({ files, sign: { schemes: ['v1'] } });
    // 8 MB of zeros deflate ~1000:1, past the 200:1 limit once above the 4 MB grace.
    const bomb = await rezip(signed, (es) => es.map((e) => (e.name === 'res/raw/b.bin' ? { ...e, data: Buffer.alloc(8 << 20) } : e)));
    const m = await openPackage(tempFile(bomb), 'app.apk');
    expect(m.signing?.v1Entries?.problems).toEqual([{ entry: 'res/raw/b.bin', kind: 'unreadable', detail: expect.stringMatching(/zip bomb/) }]);
    await m.close();
  });
});

describe('hashing beside the parsing', () => {
  // A 9 MB deflated entry (streamed, not inflated in one call) and a 2 MB stored one, with v1 + v2.
  const big = Buffer.from(randomBytes(4608 << 10).toString('hex')); // 9 MB of text, deflates about 2:1
  const bigFiles = { 'assets/big.txt': big, 'assets/noise.bin': randomBytes(2 << 20) };

  it('gives the same hashes and verdicts inline and on a worker thread', async () => {
    const bytes = await buildApk({ files: bigFiles, sign: { schemes: ['v1', 'v2'] } });
    const path = tempFile(bytes);
    const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
    for (const digestWorker of [false, true]) {
      const m = await openPackageDeferred(path, 'app.apk', undefined, undefined, { digestWorker });
      await m.integrity;
      expect(m.hashes.sha256, `worker ${digestWorker}`).toBe(sha256);
      expect(m.signing?.problems).toEqual([]);
      expect(m.signing?.verified).toEqual({ v1: true, v2: true });
      expect(m.signing?.v1Entries?.checked).toBe(3);
      await m.close();
    }
    const tampered = await rezip(bytes, (es) => es.map((e) => (e.name === 'assets/big.txt' ? { ...e, data: Buffer.concat([big.subarray(0, -1), Buffer.from('!')]) } : e)));
    for (const digestWorker of [false, true]) {
      const m = await openPackageDeferred(tempFile(tampered), 'app.apk', undefined, undefined, { digestWorker });
      await m.integrity;
      expect(m.signing?.v1Entries?.problems.map((p) => [p.entry, p.kind])).toEqual([['assets/big.txt', 'digest-mismatch']]);
      await m.close();
    }
  });

  it('an abort stops the worker', async () => {
    const path = tempFile(await buildApk({ files: bigFiles }));
    const stop = new AbortController();
    const run = runDigests({ source: path, size: statSync(path).size, fileHashes: ['md5'] }, { worker: true, signal: stop.signal });
    stop.abort(new Error('cancelled'));
    await expect(run).rejects.toThrow('cancelled');
  });
});

describe('v1 entry digests of the real corpus', () => {
  it.skipIf(!corpusAvailable('uncrackable-level1.apk'))('UnCrackable Level 1: v1 + v2, every entry matches', async () => {
    const m = await openPackage(corpusApk('uncrackable-level1.apk'), 'uncrackable-level1.apk');
    expect(m.signing?.verified).toEqual({ v1: true, v2: true });
    expect(m.signing?.v1Entries).toEqual({ checked: 10, problems: [] });
    await m.close();
  });

  it.skipIf(!corpusAvailable('diva.apk'))('DIVA: v1 only, every entry matches', async () => {
    const m = await openPackage(corpusApk('diva.apk'), 'diva.apk');
    expect(m.signing?.verified).toEqual({ v1: true });
    expect(m.signing?.v1Entries?.problems).toEqual([]);
    expect(m.signing?.v1Entries?.checked).toBeGreaterThan(380);
    await m.close();
  });
});
