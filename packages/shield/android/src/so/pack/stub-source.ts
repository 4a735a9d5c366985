/**
 * Sources of the packer's constructor stub, compiled at protect time by
 * stub-build.ts: the C code and the linker script that lays it out flat.
 * They live in a TypeScript module (not as .c/.ld files) so that the esbuild
 * bundles in dist/ carry them too.
 */
export const STUB_C = String.raw`/*
 * Citadel SO packer: the constructor added to a protected library.
 * Compiled at protect time (freestanding, no libc, position independent) and
 * appended to the library as its own executable segment; DT_INIT points here
 * and the library's original DT_INIT (if any) is called at the end.
 * 1. optional anti-debug: /proc/self/status "TracerPid:" non-zero -> exit or SIGKILL;
 * 1b. optional integrity check: FNV-1a over the still-encrypted ranges must equal
 *    the packer's value (a patched library stops here instead of running altered code);
 * 2. every region listed in the parameter block is made writable (mprotect);
 * 3. every listed range is XORed with an xorshift32 key stream (the same
 *    function the TypeScript side encrypted and verifies with, pack/cipher.ts);
 * 4. regions get their original protection back, the instruction cache is flushed.
 * The parameter block (struct params) follows the code; the packer fills it.
 */
typedef unsigned long uword;
typedef unsigned int u32;

struct region { uword vaddr, len, prot; };
struct range { uword vaddr, len; };
struct params {
  uword magic;      /* 0x4c445443 'CTDL' */
  uword self_vaddr; /* link-time address of this block in the library */
  uword old_init;   /* original DT_INIT, 0 if none */
  uword key;
  uword anti_debug; /* 0 off, 1 exit(exit_code), 2 SIGKILL */
  uword exit_code;
  uword nregions, nranges;
  uword integrity;  /* 0 off, 1 exit(exit_code), 2 SIGKILL on a checksum mismatch */
  uword checksum;   /* FNV-1a 32 over the encrypted ranges, in table order */
  /* struct region regions[nregions]; struct range ranges[nranges]; */
};

extern struct params citadel_params __attribute__((visibility("hidden")));

#if defined(__x86_64__)
#define NR_mprotect 10
#define NR_openat 257
#define NR_read 0
#define NR_close 3
#define NR_exit_group 231
#define NR_kill 62
#define NR_getpid 39
static long sys3(long n, long a, long b, long c) {
  long r;
  __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
  return r;
}
#elif defined(__i386__)
#define NR_mprotect 125
#define NR_openat 295
#define NR_read 3
#define NR_close 6
#define NR_exit_group 252
#define NR_kill 37
#define NR_getpid 20
static long sys3(long n, long a, long b, long c) {
  long r;
  __asm__ volatile("push %%ebx\n\tmov %2, %%ebx\n\tint $0x80\n\tpop %%ebx" : "=a"(r) : "a"(n), "r"(a), "c"(b), "d"(c) : "memory");
  return r;
}
#elif defined(__aarch64__)
#define NR_mprotect 226
#define NR_openat 56
#define NR_read 63
#define NR_close 57
#define NR_exit_group 94
#define NR_kill 129
#define NR_getpid 172
static long sys3(long n, long a, long b, long c) {
  register long x8 __asm__("x8") = n;
  register long x0 __asm__("x0") = a;
  register long x1 __asm__("x1") = b;
  register long x2 __asm__("x2") = c;
  __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
  return x0;
}
#elif defined(__arm__)
#define NR_mprotect 125
#define NR_openat 322
#define NR_read 3
#define NR_close 6
#define NR_exit_group 248
#define NR_kill 37
#define NR_getpid 20
static long sys3(long n, long a, long b, long c) {
  register long r7 __asm__("r7") = n;
  register long r0 __asm__("r0") = a;
  register long r1 __asm__("r1") = b;
  register long r2 __asm__("r2") = c;
  __asm__ volatile("svc 0" : "+r"(r0) : "r"(r7), "r"(r1), "r"(r2) : "memory");
  return r0;
}
#else
#error unsupported architecture
#endif

static void flush_icache(uword start, uword end) {
#if defined(__aarch64__)
  uword ctr;
  __asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
  uword dline = 4UL << ((ctr >> 16) & 15), iline = 4UL << (ctr & 15), p;
  for (p = start & ~(dline - 1); p < end; p += dline) __asm__ volatile("dc cvau, %0" ::"r"(p) : "memory");
  __asm__ volatile("dsb ish" ::: "memory");
  for (p = start & ~(iline - 1); p < end; p += iline) __asm__ volatile("ic ivau, %0" ::"r"(p) : "memory");
  __asm__ volatile("dsb ish\n\tisb" ::: "memory");
#elif defined(__arm__)
  sys3(0x0f0002 /* __ARM_NR_cacheflush */, (long)start, (long)end, 0);
#else
  (void)start; (void)end; /* x86 keeps instruction and data caches coherent */
#endif
}

/* mprotect on the page(s) holding [a, a+len): 4 KiB pages first, then 16 and 64 KiB kernels. */
static long protect(uword a, uword len, uword prot) {
  uword page;
  long r = -22;
  for (page = 4096; page <= 65536; page <<= 2) {
    uword s = a & ~(page - 1), e = (a + len + page - 1) & ~(page - 1);
    r = sys3(NR_mprotect, (long)s, (long)(e - s), (long)prot);
    if (r != -22 /* EINVAL: not page aligned on this kernel */) return r;
  }
  return r;
}

static void die(struct params *p, uword how) {
  if (how == 2) sys3(NR_kill, sys3(NR_getpid, 0, 0, 0), 9, 0);
  sys3(NR_exit_group, (long)p->exit_code, 0, 0);
  for (;;) {}
}

static void anti_debug(struct params *p) {
  static const char path[] = "/proc/self/status";
  static const char tag[] = "TracerPid:";
  char buf[4096];
  long fd = sys3(NR_openat, -100 /* AT_FDCWD */, (long)path, 0), n, i, j;
  if (fd < 0) return;
  n = sys3(NR_read, fd, (long)buf, sizeof buf - 1);
  sys3(NR_close, fd, 0, 0);
  if (n <= 0) return;
  for (i = 0; i + 10 < n; i++) {
    for (j = 0; j < 10 && buf[i + j] == tag[j]; j++) {}
    if (j < 10) continue;
    for (i += 10; i < n && (buf[i] == ' ' || buf[i] == '\t'); i++) {}
    if (i < n && buf[i] >= '1' && buf[i] <= '9') die(p, p->anti_debug);
    return;
  }
}

__attribute__((section(".text.entry"), used)) void citadel_init(int argc, char **argv, char **envp) {
  struct params *p = &citadel_params;
  uword base = (uword)p - p->self_vaddr, i, k;
  struct region *rg = (struct region *)(p + 1);
  struct range *rn = (struct range *)(rg + p->nregions);
  if (p->anti_debug) anti_debug(p);
  if (p->integrity) {
    u32 h = 0x811c9dc5u;
    for (i = 0; i < p->nranges; i++)
      for (k = 0; k < rn[i].len; k++) h = (h ^ ((volatile unsigned char *)(base + rn[i].vaddr))[k]) * 0x01000193u;
    if (h != (u32)p->checksum) die(p, p->integrity);
  }
  for (i = 0; i < p->nregions; i++)
    if (protect(base + rg[i].vaddr, rg[i].len, 3 /* PROT_READ|PROT_WRITE */) != 0) die(p, 1);
  for (i = 0; i < p->nranges; i++) {
    volatile unsigned char *b = (volatile unsigned char *)(base + rn[i].vaddr);
    u32 x = (u32)p->key ^ (u32)((i + 1) * 0x9E3779B9u);
    if (x == 0) x = 0x6d2b79f5u;
    for (k = 0; k < rn[i].len; k++) {
      x ^= x << 13; x ^= x >> 17; x ^= x << 5;
      b[k] ^= (unsigned char)(x >> 24);
    }
  }
  for (i = 0; i < p->nregions; i++) {
    if (protect(base + rg[i].vaddr, rg[i].len, rg[i].prot) != 0) die(p, 1);
    if (rg[i].prot & 4) flush_icache(base + rg[i].vaddr, base + rg[i].vaddr + rg[i].len);
  }
  if (p->old_init) ((void (*)(int, char **, char **))(base + p->old_init))(argc, argv, envp);
}
`;

export const STUB_LD = String.raw`/* Flat layout of the packer stub: entry first, code, constants, then the parameter block the packer fills. */
SECTIONS {
  . = 0;
  .text : { *(.text.entry) *(.text .text.*) *(.rodata .rodata.*) *(.got .got.plt .data .data.* .bss .bss.*) }
  . = ALIGN(16);
  citadel_params = .;
  /DISCARD/ : { *(.comment) *(.note*) *(.eh_frame*) *(.ARM.*) *(.dynamic) *(.dynsym) *(.dynstr) *(.hash) *(.gnu.hash) *(.interp) }
}
`;
