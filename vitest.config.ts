import { defineConfig } from 'vitest/config';

// Two projects: fast unit/integration tests next to the code, and browser tests
// (Playwright driving Debian's Chromium) that start a real server on 127.0.0.1.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // One browser at a time: the machine has two cores.
          fileParallelism: false,
          // A loaded machine misses expect.poll's 1 s default (two CI failures: a menu
          // label after a language switch, the first held upload chunk); pages are
          // polled until they settle, so a long ceiling costs nothing when they do.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
