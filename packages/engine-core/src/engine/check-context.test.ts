import { describe, expect, it } from 'vitest';
import { appWithSdkTwin, defineItems, defineKeyedCatalogue, itemKeys } from '../catalogue/define-items.ts';
import { AssessmentBuilder } from './builder.ts';
import { KeyedCheckContext } from './check-context.ts';

const spec = (name: string, sdk = false) => ({
  name,
  sdk,
  risk: 'high' as const,
  cwe: ['CWE-489'],
  owasp: ['MASVS-RESILIENCE-4'],
  title: ['标题', 'Title', '標題', 'タイトル'] as const,
  purpose: ['目的', 'Purpose'] as const,
  description: ['描述', 'Description'] as const,
  testingSteps: ['步骤', 'Steps'] as const,
  solution: ['方案', 'Solution'] as const,
});
const items = defineItems('manifest', [spec('debuggable', true), spec('allow_backup')], appWithSdkTwin('android', 'android_sdk'));
const catalogue = defineKeyedCatalogue(items, ['android', 'android_sdk']);

describe('defineItems and defineKeyedCatalogue', () => {
  it('gives each spec one item per platform, keyed by category and name, twins grouped after the app items', () => {
    expect(items.map((i) => i.id)).toEqual(['android.manifest.debuggable', 'android_sdk.manifest.debuggable', 'android.manifest.allow_backup']);
    expect(catalogue.ids()).toEqual(['android.manifest.debuggable', 'android.manifest.allow_backup', 'android_sdk.manifest.debuggable']);
    expect(catalogue.get('android_sdk.manifest.debuggable')).toMatchObject({ platform: 'android_sdk', category: 'manifest', owasp: ['MASVS-RESILIENCE-4'], title: { 'zh-CN': '标题', en: 'Title', 'zh-TW': '標題', ja: 'タイトル' }, solution: { 'zh-CN': '方案', en: 'Solution' } });
    expect('key' in catalogue.get('android.manifest.debuggable')).toBe(false);
    expect(itemKeys(items)).toEqual(['manifest.debuggable', 'manifest.allow_backup']);
    expect(itemKeys(items, 'android_sdk')).toEqual(['manifest.debuggable']);
  });
});

describe('KeyedCheckContext', () => {
  const builderFor = (platform: 'android' | 'android_sdk') => new AssessmentBuilder({ engine: { name: 'test', version: '1' }, platform, catalogue, options: {}, ctx: { now: () => new Date(0) } });

  it('turns short keys into the platform ids and ignores keys the platform lacks', async () => {
    const sdk = new KeyedCheckContext(builderFor('android_sdk'), catalogue, 'android_sdk');
    expect(sdk.id('manifest.debuggable')).toBe('android_sdk.manifest.debuggable');
    expect(sdk.id('manifest.allow_backup')).toBeUndefined();
    expect(sdk.wants('manifest.allow_backup')).toBe(false);
    expect(sdk.wants('manifest.allow_backup', 'manifest.debuggable')).toBe(true);
    let ran = 0;
    await sdk.run(['manifest.allow_backup'], () => void ran++);
    expect(ran).toBe(0);
    await sdk.run(['manifest.debuggable', 'manifest.allow_backup'], () => {
      ran++;
      sdk.fail('manifest.debuggable', { file: 'AndroidManifest.xml' });
      sdk.fail('manifest.allow_backup', { file: 'ignored' });
    });
    expect(ran).toBe(1);
    const a = sdk.builder.build();
    expect(a.findings.map((f) => [f.ruleId, f.result])).toEqual([['android_sdk.manifest.debuggable', 'fail']]);
  });

  it('records safe keys and marks items not executed with the reason', async () => {
    const app = new KeyedCheckContext(builderFor('android'), catalogue, 'android');
    await app.run(['manifest.debuggable'], () => app.safe('manifest.debuggable', { detail: 'release build' }));
    app.notExecuted(['manifest.allow_backup', 'manifest.unknown'], 'manifest unreadable');
    expect([...app.found]).toEqual(['manifest.debuggable']);
    const byId = new Map(app.builder.build().findings.map((f) => [f.ruleId, f]));
    expect(byId.get('android.manifest.debuggable')?.result).toBe('safe');
    expect(byId.get('android.manifest.allow_backup')).toMatchObject({ result: 'not_executed', evidence: [{ detail: 'manifest unreadable' }] });
  });
});
