import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { predictability } from './session-ids.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('predictable session identifiers', () => {
  const now = 1_790_000_000;
  it('recognises counters, Unix times and hashes of small integers or of the time', () => {
    expect(predictability(['1', '2', '3', '4'], now)).toMatch(/counter \(step 1\)/);
    expect(predictability(['1000', '1010', '1020'], now)).toMatch(/counter \(step 10\)/);
    expect(predictability([String(now), String(now + 1), String(now + 3)], now)).toMatch(/Unix time in seconds/);
    expect(predictability([String(now), String(now), String(now + 1)], now)).toMatch(/Unix time in seconds/);
    expect(predictability([String(now * 1000 + 5), String(now * 1000 + 917), String(now * 1000 + 2004)], now)).toMatch(/milliseconds/);
    expect(predictability([md5('1'), md5('2'), md5('3')], now)).toBe('MD5 of 1, 2, 3');
    expect(predictability([md5(String(now - 5)), md5(String(now - 3)), md5(String(now))], now)).toMatch(/^MD5 of /);
  });

  it('leaves random, repeated or too few values alone', () => {
    expect(predictability(['9f2c4e1a8b7d6c5e4f3a2b1c0d9e8f7a', '0a1b2c3d4e5f60718293a4b5c6d7e8f9', 'ffeeddccbbaa99887766554433221100'], now)).toBeUndefined();
    expect(predictability(['83721', '19', '55012'], now)).toBeUndefined();
    expect(predictability(['s3cr3t', 's3cr3t', 's3cr3t'], now)).toBeUndefined();
    expect(predictability(['7', '7', '7'], now)).toBeUndefined();
    expect(predictability(['1', '2'], now)).toBeUndefined();
  });
});
