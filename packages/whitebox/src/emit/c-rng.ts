/**
 * C source of the mask generator of the hardened (security-first) libraries:
 * xoshiro256** (Blackman–Vigna) seeded with 32 bytes from the operating system on
 * every API call — getrandom(2) with glibc 2.25 or later (not in Android builds),
 * /dev/urandom on other Linux systems and on Android, arc4random_buf on Apple platforms. The masks need to be unpredictable to someone who only records traces;
 * whoever can read or hook the process can see or fix them (see aes/masked.ts).
 */
export const C_RNG = `/* ---- mask generator: xoshiro256**, seeded from the OS for every call ---- */
typedef struct { uint64_t s[4]; } wb_rng;
static uint64_t wb_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static uint64_t wb_next(wb_rng *r) {
  uint64_t *s = r->s;
  uint64_t out = wb_rotl(s[1] * 5u, 7) * 9u, t = s[1] << 17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = wb_rotl(s[3], 45);
  return out;
}
static uint32_t wb_rand32(wb_rng *r) { return (uint32_t)(wb_next(r) >> 32); }
#if defined(__APPLE__)
#include <stdlib.h>
static int wb_seed(wb_rng *r) { arc4random_buf(r->s, sizeof r->s); return (r->s[0] | r->s[1] | r->s[2] | r->s[3]) ? 0 : -1; }
/* not for Android builds: bionic has getrandom only from API 28, and the prebuilt Android libraries are compiled with glibc headers */
#elif defined(__linux__) && !defined(__ANDROID__) && !defined(WB_ANDROID) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 25))
#include <sys/random.h>
static int wb_seed(wb_rng *r) {
  unsigned char *p = (unsigned char *)r->s;
  size_t got = 0;
  while (got < sizeof r->s) {
    ssize_t k = getrandom(p + got, sizeof r->s - got, 0);
    if (k <= 0) return -1;
    got += (size_t)k;
  }
  return (r->s[0] | r->s[1] | r->s[2] | r->s[3]) ? 0 : -1;
}
#else
#include <fcntl.h>
#include <unistd.h>
static int wb_seed(wb_rng *r) {
  unsigned char *p = (unsigned char *)r->s;
  size_t got = 0;
  int fd = open("/dev/urandom", O_RDONLY);
  if (fd < 0) return -1;
  while (got < sizeof r->s) {
    ssize_t k = read(fd, p + got, sizeof r->s - got);
    if (k <= 0) break;
    got += (size_t)k;
  }
  close(fd);
  return got == sizeof r->s && (r->s[0] | r->s[1] | r->s[2] | r->s[3]) ? 0 : -1;
}
#endif
`;
