import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { ByteSink } from '../test-utils/byte-sink.ts';
import { corpusAvailable, corpusEntry } from '../test-utils/corpus.ts';
import { LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB, writeFat, writeMachO, type MachOSpec } from '../test-utils/macho-writer.ts';
import { analyzeProtections, readMachO, readMachOImage, readSymbolTable, type MachOImage } from './index.ts';

const SPEC: MachOSpec = {
  flags: 0x00200085 | 0x1000000, // NOUNDEFS DYLDLINK TWOLEVEL PIE NO_HEAP_EXECUTION
  segments: [
    { name: '__TEXT', sections: [{ name: '__text', data: new Uint8Array(16) }, { name: '__cstring', data: Buffer.from('hello\0world\0'), flags: 2 }] },
    { name: '__DATA', sections: [{ name: '__data', data: new Uint8Array(8) }], initprot: 3 },
  ],
  dylibs: [
    { name: '/System/Library/Frameworks/Foundation.framework/Foundation', current: (1349 << 16) | (13 << 8) },
    { name: '/usr/lib/libobjc.A.dylib', cmd: LC_LOAD_WEAK_DYLIB },
    { name: '@rpath/Alamofire.framework/Alamofire', cmd: LC_REEXPORT_DYLIB },
  ],
  rpaths: ['@executable_path/Frameworks'],
  encryption: { cryptid: 1 },
  symbols: [
    { name: '_strcpy', kind: 'import', library: 1 },
    { name: '___stack_chk_fail', kind: 'import', library: 1 },
    { name: '_objc_release', kind: 'import', library: 2 },
    { name: '_CC_MD5', kind: 'import', library: 1 },
    { name: '_ptrace', kind: 'import', library: 1 },
    { name: '_OBJC_CLASS_$_UIWebView', kind: 'import', library: 1 },
    { name: '_main', kind: 'export' },
    { name: '_helper', kind: 'local' },
    { name: '_helper2', kind: 'local' },
  ],
  codeSignature: new Uint8Array([0xfa, 0xde, 0x0c, 0xc0, 0, 0, 0, 12, 0, 0, 0, 0]),
  buildVersion: { platform: 2, minos: 0x000c0000, sdk: 0x00110200 },
  main: true,
  uuid: new Uint8Array(16).fill(0xab),
};

function single(bytes: Uint8Array): MachOImage {
  const file = readMachO(bytes);
  expect(file.images).toHaveLength(1);
  return file.images[0]!;
}

describe('thin Mach-O', () => {
  it('reads header, segments, dylibs, rpaths, encryption, signature, platform, uuid, LC_MAIN', () => {
    const image = single(writeMachO(SPEC));
    expect(image.header).toMatchObject({ is64: true, endian: 'le', arch: 'arm64', filetypeName: 'MH_EXECUTE' });
    expect(image.header.flagNames).toEqual(expect.arrayContaining(['MH_PIE', 'MH_NO_HEAP_EXECUTION', 'MH_TWOLEVEL']));
    expect(image.segments.map((s) => s.name)).toEqual(['__TEXT', '__DATA', '__LINKEDIT']);
    expect(image.segments[0]!.sections.map((s) => s.sectname)).toEqual(['__text', '__cstring']);
    expect(image.dylibs.map((d) => [d.kind, d.name])).toEqual([
      ['load', '/System/Library/Frameworks/Foundation.framework/Foundation'],
      ['weak', '/usr/lib/libobjc.A.dylib'],
      ['reexport', '@rpath/Alamofire.framework/Alamofire'],
    ]);
    expect(image.dylibs[0]!.currentVersion).toBe('1349.13.0');
    expect(image.rpaths).toEqual(['@executable_path/Frameworks']);
    expect(image.encryption?.cryptid).toBe(1);
    expect(image.codeSignature?.datasize).toBe(12);
    expect(image.platforms).toEqual([{ source: 'LC_BUILD_VERSION', platform: 'ios', minos: '12.0.0', sdk: '17.2.0' }]);
    expect(image.uuid).toBe('ABABABAB-ABAB-ABAB-ABAB-ABABABABABAB');
    expect(image.entryPoint).toEqual({ entryoff: 0x4000, stacksize: 0 });
    expect(image.restricted).toBe(false);
    expect(image.warnings).toEqual([]);
  });

  it('reads the symbol table with imports bound to their dylibs', () => {
    const image = single(writeMachO(SPEC));
    const table = readSymbolTable(image);
    expect(table.imports).toEqual(['_strcpy', '___stack_chk_fail', '_objc_release', '_CC_MD5', '_ptrace', '_OBJC_CLASS_$_UIWebView']);
    expect(table.exports).toEqual(['_main']);
    expect(table.localCount).toBe(2);
    expect(table.symbols.find((s) => s.name === '_objc_release')?.library).toBe('/usr/lib/libobjc.A.dylib');
  });

  it('computes protections as data', () => {
    const image = single(writeMachO(SPEC));
    const p = analyzeProtections(image, readSymbolTable(image));
    expect(p).toMatchObject({
      arch: 'arm64', pie: true, stackCanary: true, arc: true, swift: false, encrypted: true, cryptid: 1, codeSignature: true,
      stripped: false, usesRpath: true, restrictedSegment: false, stackExecutionAllowed: false, noHeapExecution: true,
    });
    expect(p.insecureImports.map((h) => [h.symbol, h.category, h.polarity])).toEqual([
      ['_strcpy', 'unsafe-memory', 'weakness'],
      ['_CC_MD5', 'weak-hash', 'weakness'],
      ['_ptrace', 'anti-debug', 'protection'],
      ['_OBJC_CLASS_$_UIWebView', 'deprecated-webview', 'weakness'],
    ]);
    expect(p.evidence.stackCanary).toBe('imports ___stack_chk_fail');
  });

  it('sees the opposite: no PIE, no canary, stripped, no signature, unencrypted, restricted segment', () => {
    const image = single(writeMachO({
      flags: 0x85 | 0x20000,
      segments: [{ name: '__TEXT', sections: [{ name: '__text', data: new Uint8Array(4) }] }, { name: '__RESTRICT', sections: [{ name: '__restrict', data: new Uint8Array(0) }] }],
      encryption: { cryptid: 0 },
      symbols: [{ name: '_printf', kind: 'import' }],
    }));
    const p = analyzeProtections(image, readSymbolTable(image));
    expect(p).toMatchObject({ pie: false, stackCanary: false, arc: false, encrypted: false, cryptid: 0, codeSignature: false, stripped: true, usesRpath: false, restrictedSegment: true, stackExecutionAllowed: true });
  });

  it('reads 32-bit big-endian images', () => {
    const image = single(writeMachO({ ...SPEC, is64: false, endian: 'be', cputype: 18, cpusubtype: 0 }));
    expect(image.header).toMatchObject({ is64: false, endian: 'be', arch: 'ppc', headerSize: 28 });
    expect(image.encryption?.cryptid).toBe(1);
    expect(readSymbolTable(image).imports).toContain('_CC_MD5');
    expect(image.segments[0]!.sections[1]!.sectname).toBe('__cstring');
  });

  it('refuses a load command with cmdsize 0 (would loop forever)', () => {
    const bytes = writeMachO(SPEC);
    new DataView(bytes.buffer).setUint32(32 + 4, 0, true);
    expect(() => readMachOImage(bytes)).toThrow(/cmdsize 0/);
  });

  it('refuses a load command whose cmdsize reaches past sizeofcmds, and sizeofcmds past the end', () => {
    const bytes = writeMachO(SPEC);
    new DataView(bytes.buffer).setUint32(32 + 4, 0x7ffffff0, true);
    expect(() => readMachOImage(bytes)).toThrow(/reaches past sizeofcmds/);
    const big = writeMachO(SPEC);
    new DataView(big.buffer).setUint32(20, 0xfffffff0, true);
    expect(() => readMachOImage(big)).toThrow(FormatError);
    const many = writeMachO(SPEC);
    new DataView(many.buffer).setUint32(16, 0xffffffff, true);
    expect(() => readMachOImage(many)).toThrow(FormatError);
  });

  it('refuses a symbol table pointing past the end', () => {
    const image = single(writeMachO(SPEC));
    expect(() => readSymbolTable({ ...image, symtab: { ...image.symtab!, nsyms: 0x0fffffff } })).toThrow(FormatError);
    expect(() => readSymbolTable({ ...image, symtab: { ...image.symtab!, stroff: 0xfffffff0 } })).toThrow(FormatError);
  });
});

describe('fat Mach-O', () => {
  const arm64 = writeMachO(SPEC);
  const armv7 = writeMachO({ ...SPEC, is64: false, cputype: 12, cpusubtype: 9 });

  it('reads both slices of FAT_MAGIC and FAT_MAGIC_64 files', () => {
    for (const is64 of [false, true]) {
      const file = readMachO(writeFat([{ cputype: 12, cpusubtype: 9, data: armv7 }, { cputype: 0x0100000c, cpusubtype: 0, data: arm64 }], is64));
      expect(file.kind).toBe('fat');
      expect(file.fatArches.map((a) => a.arch)).toEqual(['armv7', 'arm64']);
      expect(file.images.map((i) => i.header.arch)).toEqual(['armv7', 'arm64']);
      expect(file.images[1]!.fileOffset).toBe(file.fatArches[1]!.offset);
      expect(file.sliceErrors).toEqual([]);
    }
  });

  it('refuses nfat_arch = 0xffffffff', () => {
    const bytes = writeFat([{ cputype: 0x0100000c, cpusubtype: 0, data: arm64 }]);
    new DataView(bytes.buffer).setUint32(4, 0xffffffff, false);
    expect(() => readMachO(bytes)).toThrow(FormatError);
  });

  it('refuses overlapping slices and slices past the end', () => {
    const bytes = writeFat([{ cputype: 12, cpusubtype: 9, data: armv7 }, { cputype: 0x0100000c, cpusubtype: 0, data: arm64 }]);
    const dv = new DataView(bytes.buffer);
    const overlapping = bytes.slice();
    new DataView(overlapping.buffer).setUint32(8 + 20 + 8, dv.getUint32(8 + 8, false) + 16, false);
    expect(() => readMachO(overlapping)).toThrow(/overlap/);
    const past = bytes.slice();
    new DataView(past.buffer).setUint32(8 + 12, 0x7fffffff, false);
    expect(() => readMachO(past)).toThrow(/outside the file/);
  });

  it('reports a non-Mach-O slice as a slice error', () => {
    const junk = new ByteSink('be').bytes(Buffer.from('!<arch>\n')).zeros(64).toBytes();
    const file = readMachO(writeFat([{ cputype: 12, cpusubtype: 9, data: junk }, { cputype: 0x0100000c, cpusubtype: 0, data: arm64 }]));
    expect(file.images).toHaveLength(1);
    expect(file.sliceErrors.map((e) => e.arch)).toEqual(['armv7']);
    expect(file.sliceErrors[0]!.error).toBeInstanceOf(FormatError);
  });
});

describe.skipIf(!corpusAvailable)('corpus: undebuggable.ipa main executable', () => {
  it('reads the true facts of both slices', async () => {
    const file = readMachO(await corpusEntry('UnDebuggable'));
    expect(file.kind).toBe('fat');
    expect(file.fatArches.map((a) => [a.arch, a.offset])).toEqual([['armv7', 16384], ['arm64', 114688]]);
    expect(file.sliceErrors).toEqual([]);
    const FRAMEWORKS = [
      '/System/Library/Frameworks/Foundation.framework/Foundation',
      '/usr/lib/libobjc.A.dylib',
      '/usr/lib/libSystem.B.dylib',
      '/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation',
      '/System/Library/Frameworks/UIKit.framework/UIKit',
    ];
    const importCounts: Record<string, number> = {};
    for (const image of file.images) {
      expect(image.header.filetypeName).toBe('MH_EXECUTE');
      expect(image.header.flagNames).toEqual(['MH_NOUNDEFS', 'MH_DYLDLINK', 'MH_TWOLEVEL', 'MH_PIE']);
      expect(image.dylibs.map((d) => d.name)).toEqual(FRAMEWORKS);
      expect(image.rpaths).toEqual(['@executable_path/Frameworks']);
      expect(image.platforms).toEqual([{ source: 'LC_VERSION_MIN_IPHONEOS', platform: 'ios', minos: '8.0.0', sdk: '10.2.0' }]);
      expect(image.encryption).toEqual({ cryptoff: 16384, cryptsize: 32768, cryptid: 0 });
      expect(image.codeSignature?.datasize).toBe(11120);
      expect(image.warnings).toEqual([]);
      const symbols = readSymbolTable(image);
      importCounts[image.header.arch] = symbols.imports.length;
      expect(symbols.imports).toEqual(expect.arrayContaining(['___stack_chk_fail', '___stack_chk_guard', '_objc_release', '_memcpy', '_UIApplicationMain']));
      // The crackme's anti-debugging does not go through an imported ptrace or sysctl.
      expect(symbols.imports).not.toContain('_ptrace');
      expect(symbols.imports).not.toContain('_sysctl');
      const p = analyzeProtections(image, symbols);
      expect(p).toMatchObject({ pie: true, stackCanary: true, arc: true, swift: false, encrypted: false, cryptid: 0, codeSignature: true, stripped: true, usesRpath: true, restrictedSegment: false });
      expect(p.insecureImports.map((h) => h.symbol)).toEqual(['_memcpy']);
    }
    expect(importCounts).toEqual({ armv7: 78, arm64: 71 });
    expect(file.images[1]!.uuid).toBe('9A172C4B-FDFB-3EEC-8103-D4538E29CF29');
  });
});
