/**
 * Hostile uploads that end FINISHED with an "unreadable" note say which part
 * could not be read and why in the report's language (issue 18): a DEX entry
 * lying about its size (a real assessment of a built APK), a manifest whose
 * string pool claims 268,435,455 strings, archives nested too deep.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Assessment, reasonFact, reasonText } from '@citadel/contracts';
import { buildZip, deflateBomb, withZip } from '@citadel/engine-core';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from './index.ts';
import { syntheticAssessment } from './test-support/index.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'citadel-unreadable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('unreadable parts in the reader language', () => {
  it('the engine-core and engine reasons of hostile inputs become facts', () => {
    // Reasons as the Android engine gives them (packages/engines/android/src/engine.test.ts builds these inputs).
    expect(reasonFact('zip: entry classes.dex inflates past its declared size 1000 (at 0x1c0)')).toEqual({ id: 'unreadable.size_mismatch', values: { declared: '1000' } });
    expect(reasonFact('axml: string pool: count 268435455 over the limit of 4000000 (at 0x8)')).toEqual({ id: 'unreadable.too_many_strings', values: { count: '268435455', limit: '4000000' } });
    expect(reasonFact('json: nested deeper than 64')).toEqual({ id: 'unreadable.too_deep', values: { limit: '64' } });
    expect(reasonText('axml: string pool: count 268435455 over the limit of 4000000 (at 0x8)', undefined, 'zh-CN')).toBe('字符串池声明了 268435455 个字符串，超过上限 4000000，该文件未解析');
    expect(reasonText('AndroidManifest.xml could not be read', undefined, 'ja')).toBe('AndroidManifest.xml を読み取れません');
    // An unknown reason is never shown as English prose outside English.
    expect(reasonText('something odd happened here', undefined, 'zh-CN', '格式错误')).toBe('格式错误');
    expect(reasonText('something odd happened here', undefined, 'en', '')).toBe('something odd happened here');
  });

  it('a zip-bomb DEX assessed for real: the report names classes.dex and why, in zh-CN and ja', async () => {
    const { engine } = await import('@citadel/engine-android');
    const { buildApk } = await import('@citadel/engine-android/testing/build-apk');
    // The Android engine test's zip bomb: a real binary manifest, and a DEX entry inflating far past its declared 1,000 bytes.
    const manifest = await withZip(await buildApk({}), (zip) => zip.read('AndroidManifest.xml'));
    const file = path.join(dir, 'bomb.apk');
    writeFileSync(file, buildZip([{ name: 'AndroidManifest.xml', data: manifest }, { name: 'classes.dex', rawData: deflateBomb(64), declaredUncompressedSize: 1000 }]));
    const assessment: Assessment = await engine.run({ files: [{ path: file, name: 'bomb.apk' }] }, {}, { now: () => new Date('2026-01-01T00:00:00Z') });
    expect(assessment.unreadable.some((u) => u.file === 'classes.dex')).toBe(true);
    const { rules } = syntheticAssessment(0);
    for (const [locale, words] of [['zh-CN', '压缩炸弹'], ['ja', 'ZIP 爆弾'], ['en', 'zip bomb']] as const) {
      const doc = buildReport({ assessment, rules, site: { title: 'x' } }, { format: 'pdf', locale, range: 'ALL' });
      const row = doc.unreadable.find((u) => u.label === 'classes.dex')!;
      expect(row.value, locale).toContain(words);
      if (locale !== 'en') expect(row.value).not.toMatch(/inflates|declared/);
    }
  }, 120_000);
});
