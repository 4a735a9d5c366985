/**
 * Test inputs built in code: native libraries compiled from a small C source
 * with Debian's compilers (host gcc, aarch64/armhf cross gcc) together with a
 * loader program that dlopens a library and prints what its functions return,
 * run natively or under qemu-user; and APKs from the Android engine's APK
 * builder. Every builder returns undefined when its tool is absent, so tests
 * skip rather than fake.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A library with an internal (static) helper, an exported C API, a JNI entry
 * point, marked strings in .rodata read at run time (a table, so the compiler
 * cannot fold them) and a constructor of its own (run after the packer's).
 */
export const LIB_SOURCE = `
#include <string.h>
static const char *const marks[] = { "CITADEL_SECRET_ONE", "CITADEL_SECRET_TWO" };
static int ctor_ran;
__attribute__((constructor)) static void own_init(void) { ctor_ran = 1000; }
static int secret_mixer_internal(int a, int b) { return a * 31 + b; }
int citadel_api_add(int a, int b) { return secret_mixer_internal(a, b) + (int)strlen("CITADEL_MARK"); }
const char *citadel_api_banner(int i) { return marks[i & 1]; }
int citadel_api_ctor(void) { return ctor_ran; }
int JNI_OnLoad(void *vm, void *reserved) { (void)vm; (void)reserved; return 0x10006; }
int Java_com_example_app_Native_sum(void *env, void *cls, int a, int b) { (void)env; (void)cls; return citadel_api_add(a, b); }
`;

const LOADER_SOURCE = `
#include <dlfcn.h>
#include <stdio.h>
int main(int argc, char **argv) {
  void *h = dlopen(argv[1], RTLD_NOW);
  if (!h) { printf("dlopen failed: %s\\n", dlerror()); return 2; }
  int (*add)(int, int) = (int (*)(int, int))dlsym(h, "citadel_api_add");
  int (*onload)(void *, void *) = (int (*)(void *, void *))dlsym(h, "JNI_OnLoad");
  int (*jni)(void *, void *, int, int) = (int (*)(void *, void *, int, int))dlsym(h, "Java_com_example_app_Native_sum");
  const char *(*banner)(int) = (const char *(*)(int))dlsym(h, "citadel_api_banner");
  int (*ctor)(void) = (int (*)(void))dlsym(h, "citadel_api_ctor");
  if (!add || !onload || !jni || !banner || !ctor) { printf("missing symbol\\n"); return 3; }
  printf("%d %d %d %s %s %d\\n", add(2, 3), onload(0, 0), jni(0, 0, 7, 8), banner(0), banner(1), ctor());
  return 0;
}
`;

export interface Toolchain {
  abi: string;
  gcc: string;
  /** how to run a program of this ABI: [] natively, or qemu with its sysroot */
  runner: string[];
}

export const TOOLCHAINS: Toolchain[] = [
  { abi: 'x86_64', gcc: '/usr/bin/gcc', runner: [] },
  { abi: 'arm64-v8a', gcc: '/usr/bin/aarch64-linux-gnu-gcc', runner: ['/usr/bin/qemu-aarch64-static', '-L', '/usr/aarch64-linux-gnu'] },
  { abi: 'armeabi-v7a', gcc: '/usr/bin/arm-linux-gnueabihf-gcc', runner: ['/usr/bin/qemu-arm-static', '-L', '/usr/arm-linux-gnueabihf'] },
  { abi: 'x86', gcc: '/usr/bin/i686-linux-gnu-gcc', runner: ['/usr/bin/qemu-i386-static', '-L', '/usr/i686-linux-gnu'] },
];

/** strace makes the traced process's TracerPid non-zero: the anti-debug test runs the loader under it. */
export const STRACE = '/usr/bin/strace';

export const available = (tc: Toolchain): boolean => existsSync(tc.gcc) && (tc.runner.length === 0 || existsSync(tc.runner[0]!));

/**
 * Compiles the test library (with -g, so it has .symtab and DWARF), a variant
 * without the C run-time's _init (-nostartfiles: no DT_INIT, so the packer
 * must add one) and the loader; returns their paths.
 */
export async function buildNative(tc: Toolchain, dir: string): Promise<{ lib: string; noInit: string; loader: string }> {
  const src = join(dir, 'lib.c');
  const loaderSrc = join(dir, 'loader.c');
  writeFileSync(src, LIB_SOURCE);
  writeFileSync(loaderSrc, LOADER_SOURCE);
  const lib = join(dir, `libcitadel-${tc.abi}.so`);
  const noInit = join(dir, `libcitadel-noinit-${tc.abi}.so`);
  const loader = join(dir, `loader-${tc.abi}`);
  const run = promisify(execFile);
  await Promise.all([
    run(tc.gcc, ['-shared', '-fPIC', '-g', '-O1', '-o', lib, src]),
    run(tc.gcc, ['-shared', '-fPIC', '-O1', '-nostartfiles', '-o', noInit, src]),
    run(tc.gcc, ['-o', loader, loaderSrc, '-ldl']),
  ]);
  return { lib, noInit, loader };
}

/** Runs the loader on a library: its stdout, or "failed (exit N): …"; `traced` runs it under strace. */
export function runLoader(tc: Toolchain, loader: string, lib: string, traced = false): string {
  const base = tc.runner.length ? [...tc.runner, loader, lib] : [loader, lib];
  const [cmd, ...args] = traced ? [STRACE, '-f', '-o', '/dev/null', ...base] : base;
  try {
    return execFileSync(cmd!, args, { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (e) {
    const x = e as { stdout?: string; status?: number; signal?: string };
    return `failed (exit ${x.status ?? x.signal}): ${x.stdout ?? (e as Error).message}`;
  }
}
