import type { RuleItem } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { catalogueSummary, defineCatalogue, mergeCatalogues } from './define.ts';
import { testRule } from './testing.ts';
import { localize, missingTranslations, text } from './text.ts';
import { catalogueProblems } from './validate.ts';

describe('catalogue', () => {
  it('defines, indexes and freezes a valid catalogue', () => {
    const c = defineCatalogue([testRule('android.manifest.debuggable'), testRule('android.manifest.allow_backup', 'medium')]);
    expect(c.get('android.manifest.debuggable').risk).toBe('high');
    expect(c.has('android.nope')).toBe(false);
    expect(c.find('android.nope')).toBeUndefined();
    expect(() => c.get('android.nope')).toThrow(/unknown rule id/);
    expect(Object.isFrozen(c.items[0]!.title)).toBe(true);
    expect(catalogueSummary(c)).toMatchObject({ total: 2, byRisk: { high: 1, medium: 1 }, platforms: ['android'] });
  });

  it('refuses duplicates, bad ids, unknown enums, missing and swapped texts, malformed CWE/OWASP', () => {
    const bad: RuleItem[] = [
      testRule('android.a.b'),
      testRule('android.a.b'),
      testRule('Android.Bad Id'),
      testRule('single'),
      testRule('android.x.platform', 'high', { platform: 'symbian' as never }),
      testRule('android.x.risk', 'critical' as never),
      testRule('android.x.category', 'low', { category: 'Has Spaces' }),
      testRule('android.x.zh', 'low', { title: { 'zh-CN': 'English only', en: 'English' } }),
      testRule('android.x.en', 'low', { solution: { 'zh-CN': '修复', en: '修复' } }),
      testRule('android.x.missing', 'low', { purpose: { 'zh-CN': '', en: 'x' } }),
      testRule('android.x.cwe', 'low', { cwe: ['CWE-0', '79'] }),
      testRule('android.x.owasp', 'low', { owasp: ['MASVS-FOO-1', 'A1:2021'] }),
      testRule('android.x.ref', 'low', { references: ['javascript:alert(1)'] }),
    ];
    const problems = catalogueProblems(bad);
    const expected = [
      /\(android\.a\.b\): duplicate id/,
      /Android\.Bad Id.*id must match/,
      /\(single\): id must match/,
      /unknown platform "symbian"/,
      /unknown risk "critical"/,
      /category must match/,
      /title\.zh-CN has no Chinese/,
      /solution\.en contains CJK/,
      /purpose\.zh-CN missing/,
      /malformed CWE id "CWE-0"/,
      /malformed CWE id "79"/,
      /malformed OWASP id "MASVS-FOO-1"/,
      /malformed OWASP id "A1:2021"/,
      /reference is not an http/,
    ];
    for (const e of expected) expect(problems.some((p) => e.test(p)), String(e)).toBe(true);
    expect(problems).toHaveLength(expected.length);
    expect(() => defineCatalogue(bad)).toThrow(/invalid rule catalogue/);
  });

  it('accepts the OWASP id families engines use', () => {
    const ok = testRule('web.x.y', 'low', { platform: 'web', owasp: ['MASVS-NETWORK-1', 'MSTG-STORAGE-2', 'MASTG-TEST-0001', 'M5:2024', 'A02:2021', 'API8:2023'] });
    expect(catalogueProblems([ok])).toEqual([]);
  });

  it('merges catalogues and keeps ids unique across them', () => {
    const a = defineCatalogue([testRule('android.a.one')]);
    const b = defineCatalogue([testRule('android_sdk.a.one', 'low', { platform: 'android_sdk' })]);
    expect(mergeCatalogues(a, b).ids()).toEqual(['android.a.one', 'android_sdk.a.one']);
    expect(() => mergeCatalogues(a, a)).toThrow(/duplicate/);
  });

  it('converts zh-CN for a missing zh-TW, falls back ja → en for items outside a catalogue, and lists missing translations', () => {
    const item = testRule('ios.ats.arbitrary_loads', 'high', { title: { 'zh-CN': '允许任意加载', en: 'Arbitrary loads', ja: '任意の読み込み' } });
    expect(text(item, 'title', 'zh-TW')).toBe('允許任意載入');
    expect(text(item, 'title', 'ja')).toBe('任意の読み込み');
    expect(text(item, 'purpose', 'ja')).toBe('Purpose of the check');
    expect(text(item, 'purpose', 'zh-CN')).toBe('检测目的');
    expect(localize({ 'zh-CN': '', en: 'x' }, 'zh-CN')).toBe('x');
    expect(localize(undefined, 'en')).toBe('');
    const missing = missingTranslations([item]);
    expect(missing).toContainEqual({ id: item.id, field: 'purpose', locale: 'ja' });
    expect(missing).not.toContainEqual({ id: item.id, field: 'title', locale: 'ja' });
    expect(missing).toHaveLength(4);
  });
});
