import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { codeDirectory, cmsBlob, derEntitlementsBlob, entitlementsBlob, requirementsBlob, superBlob } from '../test-utils/codesign-writer.ts';
import { corpusAvailable, corpusEntry } from '../test-utils/corpus.ts';
import { writeMachO } from '../test-utils/macho-writer.ts';
import { readMachO } from '../macho/index.ts';
import { plistBool, plistGet, plistString } from '../plist/index.ts';
import { readCodeSignature, readEmbeddedSignature } from './index.ts';

const ENTITLEMENTS = `<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
<key>application-identifier</key><string>TEAM123456.com.example.app</string>
<key>get-task-allow</key><true/></dict></plist>`;

function signature(): Uint8Array {
  return superBlob([
    { slot: 0, blob: codeDirectory({ identifier: 'com.example.app', teamId: 'TEAM123456', flags: 0x10002, execSegFlags: 0x21 }) },
    { slot: 2, blob: requirementsBlob() },
    { slot: 5, blob: entitlementsBlob(ENTITLEMENTS) },
    { slot: 7, blob: derEntitlementsBlob(new Uint8Array([0x70, 0x00])) },
    { slot: 0x1000, blob: codeDirectory({ identifier: 'com.example.app', hashType: 1, hashSize: 20 }) },
    { slot: 0x10000, blob: cmsBlob(new Uint8Array([0x30, 0x80, 0, 0])) },
  ]);
}

describe('code signature SuperBlob', () => {
  it('reads every blob kind', () => {
    const sig = readCodeSignature(signature());
    expect(sig.blobs.map((b) => b.slotName)).toEqual(['CodeDirectory', 'Requirements', 'Entitlements', 'DEREntitlements', 'AlternateCodeDirectory0', 'CMSSignature']);
    expect(sig.codeDirectory).toMatchObject({
      versionHex: '0x20400', identifier: 'com.example.app', teamId: 'TEAM123456', hashTypeName: 'sha256', hashSize: 32,
      nSpecialSlots: 5, nCodeSlots: 2, pageSize: 4096, flagNames: ['adhoc', 'runtime'], execSegFlagNames: ['main-binary', 'debugger'],
    });
    expect(sig.codeDirectory?.cdhash).toMatch(/^[0-9a-f]{40}$/);
    expect(sig.alternateCodeDirectories.map((cd) => cd.hashTypeName)).toEqual(['sha1']);
    expect(sig.requirements?.count).toBe(0);
    expect(plistBool(plistGet(sig.entitlements?.plist, 'get-task-allow'))).toBe(true);
    expect([...sig.derEntitlements!]).toEqual([0x70, 0x00]);
    expect([...sig.cms!]).toEqual([0x30, 0x80, 0, 0]);
  });

  it('is found through LC_CODE_SIGNATURE', () => {
    const image = readMachO(writeMachO({ codeSignature: signature() })).images[0]!;
    expect(readEmbeddedSignature(image)?.codeDirectory?.identifier).toBe('com.example.app');
    expect(readEmbeddedSignature(readMachO(writeMachO({})).images[0]!)).toBeUndefined();
  });

  it('keeps going when the entitlements are not a valid plist', () => {
    const sig = readCodeSignature(superBlob([{ slot: 5, blob: entitlementsBlob('<plist><dict><key>a</key></dict></plist>') }]));
    expect(sig.entitlements?.plist).toBeUndefined();
    expect(sig.entitlements?.error).toMatch(/plist/);
  });

  it('refuses absurd counts, blobs outside the SuperBlob and broken CodeDirectories', () => {
    const good = signature();
    const cases: [number, number][] = [
      [8, 0xffffffff], // blob count
      [16, 0x7ffffff0], // first blob offset
      [4, 0xffffffff], // SuperBlob length
    ];
    for (const [at, value] of cases) {
      const bad = good.slice();
      new DataView(bad.buffer).setUint32(at, value, false);
      expect(() => readCodeSignature(bad)).toThrow(FormatError);
    }
    const firstBlob = new DataView(good.buffer).getUint32(16, false);
    for (const field of [4, 16, 20, 28]) {
      const bad = good.slice();
      new DataView(bad.buffer).setUint32(firstBlob + field, 0xfffffff0, false);
      expect(() => readCodeSignature(bad)).toThrow(FormatError);
    }
  });
});

describe.skipIf(!corpusAvailable)('corpus: undebuggable.ipa signature', () => {
  it('reads identifier, team, hash types and entitlements of both slices', async () => {
    const file = readMachO(await corpusEntry('UnDebuggable'));
    for (const image of file.images) {
      const sig = readEmbeddedSignature(image)!;
      expect(sig.codeDirectory).toMatchObject({ identifier: 'sg.vp.UnDebuggable', teamId: 'LRUD9L355Y', hashTypeName: 'sha1', versionHex: '0x20200' });
      expect(sig.alternateCodeDirectories.map((cd) => cd.hashTypeName)).toEqual(['sha256']);
      expect(sig.cms?.length).toBeGreaterThan(1000);
      const ents = sig.entitlements?.plist;
      expect(plistString(plistGet(ents, 'application-identifier'))).toBe('LRUD9L355Y.sg.vp.UnDebuggable');
      expect(plistBool(plistGet(ents, 'get-task-allow'))).toBe(true);
    }
  });
});
