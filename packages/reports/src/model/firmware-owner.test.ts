import { LOCALES } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { syntheticAssessment } from '../test-support/index.ts';
import { buildReport } from './build.ts';

describe('owner column of a firmware report', () => {
  it('names the image or the component, never the app body, in every report language', () => {
    const { assessment, rules } = syntheticAssessment(12);
    const firmware = { ...assessment, platform: 'firmware' as const };
    const want = { 'zh-CN': ['固件镜像', '组件 Umeng'], 'zh-TW': ['韌體映像', '元件 Umeng'], en: ['Firmware image', 'Component Umeng'], ja: ['ファームウェアイメージ', 'コンポーネント Umeng'] };
    for (const locale of LOCALES) {
      const owners = new Set(buildReport({ assessment: firmware, rules, site: { title: 'T' }, generatedAt: new Date(0) }, { format: 'pdf', locale, range: 'ALL' }).items.map((i) => i.owner));
      expect([...owners].sort()).toEqual([...want[locale]].sort());
      // Apps keep their words.
      const app = buildReport({ assessment, rules, site: { title: 'T' }, generatedAt: new Date(0) }, { format: 'pdf', locale, range: 'ALL' }).items.map((i) => i.owner);
      expect(app).not.toContain(want[locale][0]);
    }
  });
});
