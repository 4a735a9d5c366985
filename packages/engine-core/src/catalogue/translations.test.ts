import { describe, expect, it } from 'vitest';
import { defineCatalogue } from './define.ts';
import { type SdkTwinItemSpec, appWithSdkTwin, defineItems, defineKeyedCatalogue } from './define-items.ts';
import { testRule } from './testing.ts';
import { missingTranslations, text } from './text.ts';
import { traditionalChinese, translationKey } from './translations.ts';

describe('catalogue translations', () => {
  it('derives zh-TW from zh-CN with Taiwanese phrases when asked, and keeps a zh-TW text an item gives', () => {
    expect(traditionalChinese('检查应用是否开启了调试模式，软件默认设置')).toBe('檢查應用是否開啟了除錯模式，軟體預設設定');
    const c = defineCatalogue([
      testRule('android.manifest.debuggable', 'high', { purpose: { 'zh-CN': '检测网络配置文件', en: 'Check the network config file' } }),
      testRule('android.manifest.backup', 'low', { title: { 'zh-CN': '允许备份', en: 'Backup allowed', 'zh-TW': '允許備份（人工）' } }),
    ]);
    expect(text(c.get('android.manifest.debuggable'), 'purpose', 'zh-TW')).toBe('檢測網路配置檔案');
    expect(text(c.get('android.manifest.backup'), 'title', 'zh-TW')).toBe('允許備份（人工）');
    // Derived when asked for, not stored: defining a catalogue never builds the converter.
    expect(c.get('android.manifest.debuggable').purpose['zh-TW']).toBeUndefined();
  });

  it('applies a ja table by key to every platform twin, and leaves the rest listed as missing', () => {
    const spec: SdkTwinItemSpec = {
      name: 'debuggable',
      risk: 'high',
      cwe: ['CWE-489'],
      owasp: ['MASVS-RESILIENCE-4'],
      title: ['可调试', 'Debuggable', '可除錯', 'デバッグ可能'],
      purpose: ['目的', 'Purpose'],
      description: ['描述', 'Description'],
      testingSteps: ['步骤', 'Steps'],
      solution: ['方案', 'Solution'],
      sdk: true,
    };
    const items = defineItems('manifest', [spec], appWithSdkTwin('android', 'android_sdk'));
    const c = defineKeyedCatalogue(items, ['android', 'android_sdk'], { ja: { 'manifest.debuggable': { purpose: '目的（日本語）', solution: '対策' } } });
    for (const id of ['android.manifest.debuggable', 'android_sdk.manifest.debuggable']) {
      expect(text(c.get(id), 'purpose', 'ja')).toBe('目的（日本語）');
      expect(text(c.get(id), 'solution', 'ja')).toBe('対策');
    }
    expect(missingTranslations(c.items).map((m) => `${m.field}:${m.locale}`).sort()).toEqual(['description:ja', 'description:ja', 'testingSteps:ja', 'testingSteps:ja']);
  });

  it('refuses a translation for an item that does not exist (a renamed item cannot keep a stale text)', () => {
    expect(() => defineCatalogue([testRule('web.headers.csp')], { ja: { 'headers.hsts': { title: 'HSTS' } } })).toThrow(/ja translation for unknown item "headers.hsts"/);
    expect(translationKey('android_sdk.code.webview_js')).toBe('code.webview_js');
  });
});
