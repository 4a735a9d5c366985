/** A well-formed rule item for tests of anything that consumes catalogues (builders, scoring, SARIF, reports). */
import type { Platform, RiskLevel, RuleItem } from '@citadel/contracts';

export function testRule(id: string, risk: RiskLevel = 'high', overrides: Partial<RuleItem> = {}): RuleItem {
  const t = (zh: string, en: string) => ({ 'zh-CN': zh, en });
  return {
    id,
    platform: (overrides.platform ?? 'android') as Platform,
    category: 'test',
    risk,
    cwe: ['CWE-200'],
    owasp: ['MASVS-STORAGE-1'],
    title: t(`测试规则 ${id}`, `Test rule ${id}`),
    purpose: t('检测目的', 'Purpose of the check'),
    description: t('风险描述', 'What the risk is'),
    testingSteps: t('检测步骤', 'How it is tested'),
    solution: t('修复建议', 'How to fix it'),
    ...overrides,
  };
}
