import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runShield } from './shield.ts';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t) }, out, err };
}

describe('citadel shield', () => {
  it('usage errors exit 2; a bad input exits 1 and writes nothing', async () => {
    const a = io();
    expect(await runShield([], a.io)).toBe(2);
    expect(a.err.join('')).toMatch(/--type and --out are required/);
    const b = io();
    expect(await runShield(['x.apk', '--type', 'h6', '--out', 'y'], b.io)).toBe(2);
    expect(b.err.join('')).toMatch(/unknown type h6 \(app, so, sdk, source, h5\)/);
    const dir = mkdtempSync(join(tmpdir(), 'cli-shield-'));
    const input = join(dir, 'lib.so');
    writeFileSync(input, 'not an ELF file');
    const out = join(dir, 'out.so');
    const c = io();
    expect(await runShield([input, '--type', 'so', '--out', out], c.io)).toBe(1);
    expect(c.err.join('')).toMatch(/not an ELF shared library/);
    expect(existsSync(out)).toBe(false);
    // a strategy is checked against the type's schema as the portal does
    const strategy = join(dir, 'strategy.json');
    writeFileSync(strategy, '{"domainLock":["example.com"]}');
    const d = io();
    expect(await runShield([input, '--type', 'source', '--strategy', strategy, '--out', out], d.io)).toBe(2);
    expect(d.err.join('')).toMatch(/invalid strategy: domainLock: unknown option/);
  });

  it('hardens a Node project with --type source and its test command, writing the verified output', async () => {
    const { buildTestProject } = await import('@citadel/shield-source');
    const dir = mkdtempSync(join(tmpdir(), 'cli-shield-src-'));
    const input = join(dir, 'price-kit.zip');
    writeFileSync(input, buildTestProject());
    const out = join(dir, 'protected.zip');
    const a = io();
    expect(await runShield([input, '--type', 'source', '--test-command', 'node --test', '--out', out], a.io)).toBe(0);
    expect(a.out.join('')).toMatch(/ok\s+tests: node --test: exit 0 \(tests 4, pass 4, fail 0\) on both/);
    expect(readFileSync(out).subarray(0, 2).toString()).toBe('PK');
  }, 120_000);
});
