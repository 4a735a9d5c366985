import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { writeAr } from '../test-utils/ar-writer.ts';
import { writeMachO } from '../test-utils/macho-writer.ts';
import { readMachO, readSymbolTable } from '../macho/index.ts';
import { arMemberBytes, isArArchive, readArArchive } from './index.ts';

const object = writeMachO({ filetype: 1, symbols: [{ name: '_CC_MD5', kind: 'import' }, { name: '_SDKInit', kind: 'export' }] });
const MEMBERS = [
  { name: 'a.o', data: object },
  { name: 'AFNetworkReachabilityManager.o', data: new Uint8Array([1, 2, 3]) },
  { name: 'odd name with spaces.o', data: new Uint8Array([9]) },
];

describe('ar archives', () => {
  it.each(['bsd', 'gnu'] as const)('lists %s members with long names and skips the symbol table', (variant) => {
    const bytes = writeAr(MEMBERS, variant);
    expect(isArArchive(bytes)).toBe(true);
    const archive = readArArchive(bytes);
    expect(archive.variant).toBe(variant);
    expect(archive.skippedSymbolTables).toBe(1);
    expect(archive.members.map((m) => [m.name, m.size])).toEqual(MEMBERS.map((m) => [m.name, m.data.length]));
    for (const [i, m] of archive.members.entries()) expect(arMemberBytes(bytes, m)).toEqual(MEMBERS[i]!.data);
  });

  it('yields Mach-O objects that the Mach-O reader can read', () => {
    const archive = readArArchive(writeAr(MEMBERS, 'bsd'));
    const member = archive.members[0]!;
    const image = readMachO(arMemberBytes(writeAr(MEMBERS, 'bsd'), member)).images[0]!;
    expect(image.header.filetypeName).toBe('MH_OBJECT');
    expect(readSymbolTable(image).imports).toEqual(['_CC_MD5']);
  });

  it('refuses malformed archives', () => {
    const good = writeAr(MEMBERS, 'gnu');
    const sizeField = 8 + 48;
    const tooBig = good.slice();
    tooBig.set(Buffer.from('9999999999'), sizeField);
    expect(() => readArArchive(tooBig)).toThrow(FormatError);
    const notDecimal = good.slice();
    notDecimal.set(Buffer.from('-5        '), sizeField);
    expect(() => readArArchive(notDecimal)).toThrow(FormatError);
    const badTerminator = good.slice();
    badTerminator[8 + 58] = 0x41;
    expect(() => readArArchive(badTerminator)).toThrow(FormatError);
    expect(() => readArArchive(Buffer.from('!<thin>\n'))).toThrow(/thin archives/);
    expect(() => readArArchive(Buffer.from('nope'))).toThrow(FormatError);
    const bsd = writeAr([{ name: 'a-very-long-member-name.o', data: new Uint8Array(4) }], 'bsd', false);
    const longName = bsd.slice();
    longName.set(Buffer.from('#1/999          '), 8);
    expect(() => readArArchive(longName)).toThrow(/BSD long name/);
    expect(() => readArArchive(writeAr([{ name: 'x.o', data: new Uint8Array(2) }], 'gnu', false).slice(0, 8 + 30))).toThrow(FormatError);
  });

  it('caps the member count', () => {
    const many = writeAr(Array.from({ length: 20 }, (_, i) => ({ name: `m${i}.o`, data: new Uint8Array(2) })), 'gnu', false);
    expect(() => readArArchive(many, { maxMembers: 10 })).toThrow(/over the limit/);
  });
});
