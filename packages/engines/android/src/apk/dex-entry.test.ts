import { randomBytes } from 'node:crypto';
import { constants, deflateRawSync } from 'node:zlib';
import { buildZip, type ZipWriterEntry } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { writeAxml } from '../formats/testing/axml-writer.ts';
import { writeDex } from '../formats/testing/dex-writer.ts';
import { appClass } from '../testing/dex-helpers.ts';
import { manifest, tempFile } from '../testing/build-apk.ts';
import { DEFAULT_OPEN_LIMITS, openPackage } from './open-package.ts';

const validDex = () => Buffer.from(writeDex([appClass(() => [0x0e, 0x00])]));

async function open(extra: ZipWriterEntry[], limits = DEFAULT_OPEN_LIMITS) {
  const zip = buildZip([{ name: 'AndroidManifest.xml', data: Buffer.from(writeAxml(manifest())) }, { name: 'classes.dex', data: validDex() }, ...extra]);
  const model = await openPackage(tempFile(zip), 'app.apk', undefined, limits);
  await model.close();
  return model;
}

describe('DEX entries are checked before they are inflated (issue 18 item 9)', () => {
  it('reads a valid DEX and refuses one whose header size disagrees with the entry', async () => {
    const padded = Buffer.concat([validDex(), Buffer.alloc(1 << 20)]);
    const m = await open([{ name: 'classes2.dex', data: padded }]);
    expect(m.dex.map((d) => d.file)).toEqual(['classes.dex']);
    expect(m.unreadable).toEqual([{ file: 'classes2.dex', reason: expect.stringMatching(/^DEX header declares \d+ bytes but the entry holds 1\d{6}$/) }]);
  });

  it('stops at the header: deflate data that turns corrupt after the first MiB is never reached', async () => {
    // 2 MiB of incompressible bytes in non-final deflate blocks, then an invalid block.
    const body = randomBytes(2 << 20);
    const raw = Buffer.concat([deflateRawSync(body, { level: 0, finishFlush: constants.Z_SYNC_FLUSH }), Buffer.from([0xff, 0xff, 0xff, 0xff])]);
    const m = await open([{ name: 'classes2.dex', rawData: raw, declaredUncompressedSize: 3 << 20 }]);
    expect(m.unreadable).toEqual([{ file: 'classes2.dex', reason: 'bad DEX magic (checked before inflating the entry)' }]);
  });

  it('does not inflate an entry declared larger than the DEX limit', async () => {
    const m = await open([{ name: 'classes2.dex', data: randomBytes(2 << 20) }], { ...DEFAULT_OPEN_LIMITS, maxDexBytes: 1 << 20 });
    expect(m.unreadable).toEqual([{ file: 'classes2.dex', reason: `DEX entry declares ${2 << 20} bytes, more than the limit of ${1 << 20}; not inflated` }]);
    expect(m.dex).toHaveLength(1);
  });
});
