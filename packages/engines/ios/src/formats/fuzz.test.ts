/**
 * Deterministic mutation fuzzing of every reader in formats/: each mutated
 * input must either be read or rejected with a FormatError, never another
 * exception (RangeError, TypeError, stack overflow) and never a hang (a hang
 * would hit the test timeout). Real corpus files are used when present,
 * code-built fixtures always.
 */
import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { arMemberBytes, readArArchive } from './ar/index.ts';
import { readEmbeddedSignature } from './codesign/index.ts';
import { analyzeProtections, readMachO, readSymbolTable } from './macho/index.ts';
import { extractStrings, readObjcClassNames, readSwiftTypeNames } from './objc/index.ts';
import { plistToJson, readPlist } from './plist/index.ts';
import { seededRandom as rng } from '@citadel/engine-core/testing';
import { writeAr } from './test-utils/ar-writer.ts';
import { writeBplist } from './test-utils/bplist-writer.ts';
import { codeDirectory, entitlementsBlob, requirementsBlob, superBlob } from './test-utils/codesign-writer.ts';
import { corpusAvailable, corpusEntry } from './test-utils/corpus.ts';
import { writeFat } from './test-utils/macho-writer.ts';
import { writeObjcImage } from './test-utils/objc-image-writer.ts';


const INTERESTING_U32 = [0, 1, 7, 8, 0x7f, 0xff, 0x7fff, 0xffff, 0x7fffffff, 0x80000000, 0xfffffff0, 0xffffffff];

/** One mutation: random bytes, an interesting 32-bit value (either endian) at a hot spot, or truncation. */
function mutate(input: Uint8Array, random: () => number, hotSpots: number[]): Uint8Array {
  const pick = (n: number) => Math.floor(random() * n);
  const strategy = pick(4);
  if (strategy === 3) return input.slice(0, pick(input.length));
  const out = input.slice();
  const edits = 1 + pick(6);
  for (let e = 0; e < edits; e++) {
    const near = hotSpots.length > 0 && random() < 0.7 ? hotSpots[pick(hotSpots.length)]! + pick(256) : pick(out.length);
    const at = Math.min(Math.max(0, near), Math.max(0, out.length - 4));
    if (strategy === 0) out[at] = pick(256);
    else if (strategy === 1 && at + 4 <= out.length) new DataView(out.buffer, out.byteOffset, out.byteLength).setUint32(at, INTERESTING_U32[pick(INTERESTING_U32.length)]!, random() < 0.5);
    else out[at] = out[at]! ^ (1 << pick(8));
  }
  return out;
}

function readMachOFully(bytes: Uint8Array): void {
  const file = readMachO(bytes);
  for (const image of file.images) {
    const symbols = readSymbolTable(image);
    analyzeProtections(image, symbols);
    readEmbeddedSignature(image);
    readObjcClassNames(image);
    readSwiftTypeNames(image, symbols.symbols.map((s) => s.name));
    extractStrings(image);
  }
}

function readArFully(bytes: Uint8Array): void {
  const archive = readArArchive(bytes);
  for (const m of archive.members) {
    try {
      readMachOFully(arMemberBytes(bytes, m));
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
    }
  }
}

function readPlistFully(bytes: Uint8Array): void {
  plistToJson(readPlist(bytes));
}

interface FuzzOutcome {
  /** Mutations that failed with something other than a FormatError. */
  failures: string[];
  accepted: number;
  rejected: number;
}

/** Runs `count` mutations of `input` through `read`. */
function fuzz(input: Uint8Array, count: number, seed: number, read: (b: Uint8Array) => void, hotSpots: number[] = []): FuzzOutcome {
  const random = rng(seed);
  // A private copy: Buffer.slice would share memory, and pooled Buffers have a byteOffset.
  const original = new Uint8Array(input);
  const outcome: FuzzOutcome = { failures: [], accepted: 0, rejected: 0 };
  for (let i = 0; i < count; i++) {
    const mutated = mutate(original, random, hotSpots);
    try {
      read(mutated);
      outcome.accepted++;
    } catch (error) {
      if (error instanceof FormatError) outcome.rejected++;
      else outcome.failures.push(`case ${i}: ${String(error)}`);
    }
  }
  return outcome;
}

/** No failure other than FormatError, and the mutations reached both outcomes (so the fuzzing is not vacuous). */
function expectRobust(outcome: FuzzOutcome): void {
  expect(outcome.failures).toEqual([]);
  expect(outcome.accepted).toBeGreaterThan(0);
  expect(outcome.rejected).toBeGreaterThan(0);
}

/** Header and linkedit offsets of every slice: where mutations do the most damage. */
function machOHotSpots(bytes: Uint8Array): number[] {
  const spots = [0];
  for (const image of readMachO(bytes).images) {
    spots.push(image.fileOffset, image.fileOffset + 32, image.fileOffset + 512);
    if (image.symtab) spots.push(image.fileOffset + image.symtab.symoff, image.fileOffset + image.symtab.stroff);
    if (image.codeSignature) spots.push(image.fileOffset + image.codeSignature.dataoff);
    for (const seg of image.segments) for (const sec of seg.sections) if (sec.sectname.startsWith('__objc')) spots.push(image.fileOffset + sec.offset);
  }
  return spots;
}

const ENTITLEMENTS = '<plist><dict><key>get-task-allow</key><true/><key>groups</key><array><string>a</string></array></dict></plist>';

describe('fuzz: code-built fixtures', () => {
  it('Mach-O with class metadata, Swift types, strings and a signature (fat)', () => {
    const slice = writeObjcImage({
      classNames: ['AFHTTPSessionManager', 'Foo'], encoding: 'chained64-offset', cstrings: ['https://x.example'],
      utf16Strings: ['secret'], swiftTypes: ['Session'], symbols: [{ name: '_strcpy', kind: 'import' }, { name: '_$s3Foo3BarCMn', kind: 'export' }],
    });
    const fat = writeFat([{ cputype: 0x0100000c, cpusubtype: 0, data: slice }]);
    expectRobust(fuzz(fat, 300, 1, readMachOFully, machOHotSpots(fat)));
  });

  it('code signature SuperBlob', () => {
    const sig = superBlob([
      { slot: 0, blob: codeDirectory({ identifier: 'com.example', teamId: 'TEAM' }) },
      { slot: 2, blob: requirementsBlob() },
      { slot: 5, blob: entitlementsBlob(ENTITLEMENTS) },
    ]);
    const image = readMachO(writeObjcImage({ classNames: [] })).images[0]!;
    expectRobust(fuzz(sig, 200, 2, (b) => readEmbeddedSignature({ ...image, data: b, codeSignature: { dataoff: 0, datasize: b.length } })));
  });

  it('ar archive of Mach-O objects', () => {
    const ar = writeAr([{ name: 'a.o', data: writeObjcImage({ classNames: ['X'] }) }, { name: 'long-member-name-here.o', data: new Uint8Array(3) }], 'gnu');
    expectRobust(fuzz(ar, 200, 3, readArFully, [8, 68, 128]));
  });

  it('binary and XML plists', () => {
    const bplist = writeBplist({
      kind: 'dict',
      entries: new Map([
        ['a', { kind: 'array', items: [{ kind: 'string', value: 'x' }, { kind: 'int', value: 70000 }, { kind: 'real', value: 1.5 }] }],
        ['d', { kind: 'date', value: new Date(0) }],
        ['u', { kind: 'uid', value: 1 }],
        ['s', { kind: 'string', value: '\u4e2d\u6587' }],
      ]),
    });
    expectRobust(fuzz(bplist, 300, 4, readPlistFully, [8, bplist.length - 32]));
    expectRobust(fuzz(Buffer.from(ENTITLEMENTS), 200, 5, readPlistFully));
  });
});

describe.skipIf(!corpusAvailable)('fuzz: corpus undebuggable.ipa', () => {
  it('main executable (fat armv7 + arm64)', async () => {
    const bytes = await corpusEntry('UnDebuggable');
    expectRobust(fuzz(bytes, 400, 11, readMachOFully, machOHotSpots(bytes)));
  });

  it('Info.plist (XML) and storyboard Info.plist (binary)', async () => {
    expectRobust(fuzz(await corpusEntry('Info.plist'), 200, 12, readPlistFully));
    const binary = await corpusEntry('Base.lproj/Main.storyboardc/Info.plist');
    expectRobust(fuzz(binary, 200, 13, readPlistFully, [8, binary.length - 32]));
  });
});
