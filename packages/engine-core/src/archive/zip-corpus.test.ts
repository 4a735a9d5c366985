import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CORPUS, hasCorpus } from '../test-support/corpus.ts';
import { withZip } from './zip-archive.ts';

describe('ZIP reader on the real corpus', () => {
  it.skipIf(!hasCorpus(CORPUS.diva))('lists and reads every entry of diva.apk from the file', async () => {
    await withZip(CORPUS.diva, async (zip) => {
      expect(zip.entries).toHaveLength(390);
      expect(zip.anomalies).toEqual([]);
      const names = zip.entries.map((e) => e.name);
      for (const n of ['AndroidManifest.xml', 'classes.dex', 'lib/arm64-v8a/libdivajni.so', 'lib/armeabi-v7a/libdivajni.so', 'resources.arsc']) expect(names).toContain(n);
      expect(names.filter((n) => n.startsWith('META-INF/')).sort()).toEqual(['META-INF/CERT.RSA', 'META-INF/CERT.SF', 'META-INF/MANIFEST.MF']);
      let total = 0;
      for (const e of zip.entries) total += (await zip.read(e)).length; // CRC-checked
      expect(total).toBe(3634154); // as `zipinfo -t` reports
      const dex = await zip.read('classes.dex');
      const streamed: Buffer[] = [];
      for await (const c of zip.stream('classes.dex')) streamed.push(c as Buffer);
      expect(createHash('sha256').update(Buffer.concat(streamed)).digest('hex')).toBe(createHash('sha256').update(dex).digest('hex'));
      expect(dex.subarray(0, 4).toString('latin1')).toBe('dex\n');
    });
  });

  it.skipIf(!hasCorpus(CORPUS.uncrackable))('exposes the APK Signing Block before the central directory of a v2-signed APK', async () => {
    await withZip(CORPUS.uncrackable, async (zip) => {
      expect(zip.entries).toHaveLength(13);
      const footer = await zip.readAt(zip.centralDirectoryOffset - 24, 24);
      expect(footer.subarray(8).toString('latin1')).toBe('APK Sig Block 42');
      const blockSize = Number(footer.readBigUInt64LE(0));
      const header = await zip.readAt(zip.centralDirectoryOffset - blockSize - 8, 8);
      expect(Number(header.readBigUInt64LE(0))).toBe(blockSize);
    });
  });

  it.skipIf(!hasCorpus(CORPUS.ipa))('opens the IPA', async () => {
    await withZip(CORPUS.ipa, async (zip) => {
      expect(zip.entries).toHaveLength(18);
      expect(zip.getEntry('Payload/UnDebuggable.app/Info.plist')).toBeDefined();
      let total = 0;
      for (const e of zip.entries) total += (await zip.read(e)).length;
      expect(total).toBe(224909);
    });
  });

  it.skipIf(!hasCorpus(CORPUS.hap))('opens the HAP and exposes its signing block', async () => {
    await withZip(CORPUS.hap, async (zip) => {
      expect(zip.entries.map((e) => e.name)).toContain('module.json');
      expect(JSON.parse((await zip.read('module.json')).toString('utf8')).app.debug).toBe(true);
      const tail = await zip.readAt(zip.centralDirectoryOffset - 32, 32);
      expect(tail.toString('latin1')).toContain('<hap sign block>');
    });
  });
});
