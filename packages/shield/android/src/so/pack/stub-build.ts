/**
 * Builds the constructor stub (stub-source.ts) for one ELF machine at protect time
 * with Debian's compilers — the same tool-chains the product image already
 * carries for white-box libraries (see the Dockerfile). Compiling at protect
 * time instead of committing machine code keeps the stub reviewable as C (stub-source.ts) and
 * gives all four Android ABIs from one source; a missing compiler ends the
 * job naming the Debian package to install. The stub is linked flat (its linker script)
 * and read back with the product's ELF reader; results are cached per machine.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseElf } from '@citadel/engine-core';
import { fail } from '../../text.ts';
import { STUB_C, STUB_LD } from './stub-source.ts';

export const EM = { X86: 3, ARM: 40, X86_64: 62, AARCH64: 183 } as const;

interface Compiler {
  abi: string;
  candidates: { gcc: string; flags: string[] }[];
  debianPackage: string;
}

/** Per ELF machine: the compilers that can build the stub (first found wins) and the Debian package naming them. */
export const STUB_COMPILERS: Record<number, Compiler> = {
  [EM.X86_64]: { abi: 'x86_64', candidates: [{ gcc: '/usr/bin/gcc', flags: ['-m64'] }, { gcc: '/usr/bin/x86_64-linux-gnu-gcc', flags: [] }], debianPackage: 'gcc' },
  [EM.X86]: { abi: 'x86', candidates: [{ gcc: '/usr/bin/i686-linux-gnu-gcc', flags: [] }, { gcc: '/usr/bin/gcc', flags: ['-m32'] }], debianPackage: 'gcc-i686-linux-gnu' },
  // BTI landing pads: bionic maps every executable segment of a BTI-marked library with PROT_BTI, ours included,
  // and the linker enters the stub by an indirect call (the hint instructions are no-ops on older CPUs)
  [EM.AARCH64]: { abi: 'arm64-v8a', candidates: [{ gcc: '/usr/bin/aarch64-linux-gnu-gcc', flags: ['-mbranch-protection=bti'] }], debianPackage: 'gcc-aarch64-linux-gnu' },
  // ARM state, not Thumb: DT_INIT is called through a plain pointer (bit 0 clear). ARMv5TE and no
  // floating point, so the same stub also runs in old "armeabi" libraries (the stub uses no FP register).
  [EM.ARM]: { abi: 'armeabi-v7a', candidates: [{ gcc: '/usr/bin/arm-linux-gnueabihf-gcc', flags: ['-marm', '-march=armv5te', '-mfloat-abi=soft'] }], debianPackage: 'gcc-arm-linux-gnueabihf' },
};

const FLAGS = ['-Os', '-fPIC', '-ffreestanding', '-fno-stack-protector', '-fno-asynchronous-unwind-tables', '-fno-unwind-tables', '-fno-builtin', '-fno-jump-tables', '-nostdlib', '-static', '-Wl,--build-id=none', '-Wl,-z,norelro', '-Wl,--no-dynamic-linker'];

export interface Stub {
  /** code and constants; the entry (citadel_init) is at offset 0 */
  code: Buffer;
  /** offset of the parameter block after the code (16-aligned) */
  paramsOffset: number;
  compiler: string;
}

const cache = new Map<number, Promise<Stub>>();

export function stubCompilerAvailable(machine: number): boolean {
  return !!STUB_COMPILERS[machine]?.candidates.some((c) => existsSync(c.gcc));
}

async function build(machine: number): Promise<Stub> {
  const c = STUB_COMPILERS[machine];
  if (!c) return fail('SHIELD_SO_ARCH', '该 SO 的处理器架构不受支持（支持 arm64-v8a、armeabi-v7a、x86、x86_64）', 'The library\'s processor architecture is not supported (arm64-v8a, armeabi-v7a, x86, x86_64 are)', `e_machine ${machine}`);
  const cc = c.candidates.find((x) => existsSync(x.gcc));
  if (!cc) return fail('SHIELD_TOOL_MISSING', `缺少 ${c.abi} 的交叉编译器，无法生成解密桩代码：请安装 Debian 软件包 ${c.debianPackage}`, `The ${c.abi} cross compiler needed for the decryption stub is missing: install the Debian package ${c.debianPackage}`, c.candidates.map((x) => x.gcc).join(', '));
  const dir = mkdtempSync(join(tmpdir(), 'citadel-stub-'));
  try {
    const out = join(dir, 'stub.elf');
    writeFileSync(join(dir, 'stub.c'), STUB_C);
    writeFileSync(join(dir, 'stub.ld'), STUB_LD);
    await promisify(execFile)(cc.gcc, [...cc.flags, ...FLAGS, `-Wl,-T,${join(dir, 'stub.ld')}`, '-o', out, join(dir, 'stub.c')], { timeout: 60_000 });
    const bytes = readFileSync(out);
    const elf = parseElf(bytes);
    if (elf.header.machine !== machine) throw new Error(`compiler produced e_machine ${elf.header.machine}`);
    const text = elf.sections.find((s) => s.name === '.text');
    const params = elf.symbols.find((s) => s.name === 'citadel_params');
    const entry = elf.symbols.find((s) => s.name === 'citadel_init');
    if (!text || !params || entry?.value !== 0 || text.addr !== 0) throw new Error('unexpected stub layout');
    // Everything the stub needs must be in the flat image: no other allocated section, no absolute relocation left to apply.
    const stray = elf.sections.filter((s) => (s.flags & 2) !== 0 && s.size > 0 && s.name !== '.text');
    if (stray.length > 0 || elf.dynamic) throw new Error(`stub has extra sections: ${stray.map((s) => s.name).join(', ')}`);
    const code = Buffer.alloc(params.value);
    bytes.copy(code, 0, text.offset, text.offset + Math.min(text.size, params.value));
    return { code, paramsOffset: params.value, compiler: cc.gcc };
  } catch (e) {
    if ((e as { code?: string }).code === 'SHIELD_TOOL_MISSING') throw e;
    return fail('SHIELD_STUB_BUILD', '解密桩代码编译失败', 'The decryption stub could not be compiled', (e as Error).message.slice(0, 500));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function buildStub(machine: number): Promise<Stub> {
  let p = cache.get(machine);
  if (!p) {
    p = build(machine);
    p.catch(() => cache.delete(machine));
    cache.set(machine, p);
  }
  return p;
}
