import { describe, expect, it } from 'vitest';
import { FormatError } from '../binary/byte-reader.ts';
import { buildElf, type ElfBuildOptions } from './elf-builder.ts';
import { parseElf } from './elf-reader.ts';
import { checkNativeProtections } from './native-checks.ts';

const library: ElfBuildOptions = {
  needed: ['libc.so', 'liblog.so'],
  soname: 'libdemo.so',
  imports: ['strcpy', '__stack_chk_fail', '__memcpy_chk', 'memcpy'],
  exports: ['JNI_OnLoad', 'Java_com_demo_Native_run'],
  buildId: Buffer.from('0123456789abcdef0123456789abcdef01234567', 'hex'),
};

describe('parseElf on built files', () => {
  for (const bits of [32, 64] as const) {
    for (const endian of ['le', 'be'] as const) {
      it(`reads ELF${bits} ${endian}: header, segments, sections, dynamic, symbols, build id`, () => {
        const elf = parseElf(buildElf({ ...library, bits, endian, rpath: '/data/local/tmp:$ORIGIN', runpath: '/opt/lib' }));
        expect(elf.header).toMatchObject({ bits, endian, typeName: 'shared-object', machine: bits === 64 ? 183 : 40 });
        expect(elf.sections.map((s) => s.name)).toEqual(['', '.dynstr', '.dynsym', '.hash', '.text', '.note.gnu.build-id', '.dynamic', '.shstrtab']);
        expect(elf.dynamic).toMatchObject({ needed: ['libc.so', 'liblog.so'], soname: 'libdemo.so', rpath: ['/data/local/tmp', '$ORIGIN'], runpath: ['/opt/lib'], bindNow: true });
        expect(elf.imports).toEqual(['strcpy', '__stack_chk_fail', '__memcpy_chk', 'memcpy']);
        expect(elf.exports).toEqual(['JNI_OnLoad', 'Java_com_demo_Native_run']);
        expect(elf.buildId).toBe('0123456789abcdef0123456789abcdef01234567');
        expect(elf.warnings).toEqual([]);
      });
    }
  }

  it('finds dynamic symbols through DT_SYMTAB and DT_HASH when section headers are gone', () => {
    const elf = parseElf(buildElf({ ...library, sectionHeaders: false }));
    expect(elf.sections).toEqual([]);
    expect(elf.imports).toContain('strcpy');
    expect(elf.exports).toContain('JNI_OnLoad');
    expect(elf.dynamic?.soname).toBe('libdemo.so');
    expect(elf.buildId).toBe('0123456789abcdef0123456789abcdef01234567');
  });

  it('keeps going when section headers point outside the file', () => {
    const buf = buildElf(library);
    buf.writeBigUInt64LE(0xffffffn, 40); // e_shoff
    const elf = parseElf(buf);
    expect(elf.warnings.join()).toMatch(/section headers/);
    expect(elf.imports).toContain('strcpy');
  });

  it('refuses what is not an ELF', () => {
    expect(() => parseElf(Buffer.from('MZ not elf at all'))).toThrow(FormatError);
    expect(() => parseElf(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 3, 1, 1]))).toThrow(FormatError);
    expect(() => parseElf(buildElf().subarray(0, 40))).toThrow(FormatError);
  });
});

describe('checkNativeProtections', () => {
  it('reports a hardened library', () => {
    const p = checkNativeProtections(parseElf(buildElf({ ...library, loadAlign: 0x4000, localSymbols: ['helper'] })));
    expect(p).toMatchObject({
      architecture: 'arm64',
      androidAbi: 'arm64-v8a',
      bits: 64,
      nx: true,
      gnuStack: 'RW',
      pie: true,
      pieExecutable: false,
      stackCanary: true,
      relro: 'full',
      fortify: true,
      fortifiedFunctions: ['__memcpy_chk'],
      stripped: false,
      textRelocations: false,
      loadAlignment: { minAlign: 0x4000, aligned16k: true, required16k: true },
    });
    expect(p.dangerousFunctions.map((f) => f.name)).toEqual(['strcpy']);
  });

  it('reports a weak library', () => {
    const p = checkNativeProtections(
      parseElf(buildElf({ bits: 32, gnuStack: 'rwx', relro: false, bindNow: 'none', imports: ['gets', 'sprintf', 'system', 'memcpy'], rpath: '/tmp', textrel: true })),
    );
    expect(p).toMatchObject({ architecture: 'arm', androidAbi: 'armeabi-v7a', nx: false, gnuStack: 'RWX', stackCanary: false, relro: 'none', fortify: false, stripped: true, rpath: ['/tmp'], textRelocations: true });
    expect(p.dangerousFunctions.map((f) => [f.name, f.category])).toEqual([
      ['gets', 'buffer-overflow'],
      ['sprintf', 'buffer-overflow'],
      ['system', 'command-execution'],
    ]);
    expect(p.loadAlignment).toEqual({ minAlign: 0x1000, aligned16k: false, required16k: false });
  });

  it('treats a missing PT_GNU_STACK as an executable stack and RELRO without BIND_NOW as partial', () => {
    for (const bindNow of ['dt', 'flags', 'flags_1'] as const) expect(checkNativeProtections(parseElf(buildElf({ bindNow }))).relro).toBe('full');
    const p = checkNativeProtections(parseElf(buildElf({ gnuStack: 'absent', bindNow: 'none' })));
    expect(p).toMatchObject({ nx: false, gnuStack: 'absent', relro: 'partial' });
  });

  it('names x86 ABIs and PIE executables', () => {
    expect(checkNativeProtections(parseElf(buildElf({ machine: 62 }))).androidAbi).toBe('x86_64');
    expect(checkNativeProtections(parseElf(buildElf({ bits: 32, machine: 3 }))).androidAbi).toBe('x86');
    const exe = checkNativeProtections(parseElf(buildElf({ interpreter: '/system/bin/linker64', pieFlag: true })));
    expect(exe.pieExecutable).toBe(true);
    expect(checkNativeProtections(parseElf(buildElf({ type: 'exec' }))).pie).toBe(false);
  });
});
