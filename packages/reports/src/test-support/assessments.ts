/** Assessments and catalogue items built in code: any size, optionally full of hostile strings. */
import { type Assessment, type Finding, RISK_LEVELS, type RuleItem, scoreBand } from '@citadel/contracts';

export const HOSTILE = {
  script: '<script>alert("x")</script>&amp;</w:t>]]>',
  rtl: '\u202Egnp.exe\u202C \u200Fمرحبا\u200F',
  emoji: '🔥🛡️👩‍💻',
  control: 'a\u0000b\u0007c\uFFFEd\uD800e',
  long: 'L'.repeat(10_000),
  longWords: 'word '.repeat(2_000),
};

const text = (zh: string, en: string) => ({ 'zh-CN': zh, en, 'zh-TW': `${zh}（繁）`, ja: `${en}（日本語）` });

export function syntheticRule(id: string, i: number, hostile = false): RuleItem {
  const extra = hostile ? ` ${HOSTILE.script} ${HOSTILE.rtl} ${HOSTILE.emoji} ${HOSTILE.control}` : '';
  return {
    id,
    platform: 'android',
    category: ['manifest', 'code', 'network', 'native'][i % 4]!,
    risk: RISK_LEVELS[i % 4]!,
    cwe: [`CWE-${200 + (i % 50)}`],
    owasp: ['MASVS-CODE-4'],
    title: text(`检测项${i}${extra}`, `Check ${i}${extra}`),
    purpose: text(`目的说明${i}：检查应用是否存在问题。`, `Purpose ${i}: checks whether the app has the problem.`),
    description: text(`风险描述${i}：攻击者可能利用该问题获取敏感信息。`, `Description ${i}: an attacker may use this to read sensitive data.`),
    testingSteps: text(`检测步骤${i}：反编译并检查相关代码。`, `Testing steps ${i}: decompile and inspect the code.`),
    solution: text(`解决方案${i}：按照安全开发规范修复。`, `Solution ${i}: fix it following secure coding guidance.`),
  };
}

/** An assessment with `count` findings over `count` rules; every fourth finding belongs to an SDK. */
export function syntheticAssessment(count: number, opts: { hostile?: boolean; evidencePerFinding?: number } = {}): { assessment: Assessment; rules: Map<string, RuleItem> } {
  const hostile = opts.hostile ?? false;
  const rules = new Map<string, RuleItem>();
  const findings: Finding[] = [];
  for (let i = 0; i < count; i++) {
    const id = `android.synthetic.rule_${i}`;
    rules.set(id, syntheticRule(id, i, hostile));
    const sdk = i % 4 === 3;
    const attribution = sdk ? ({ kind: 'sdk', name: hostile ? `SDK ${HOSTILE.emoji}` : 'Umeng' } as const) : ({ kind: 'main' } as const);
    findings.push({
      ruleId: id,
      result: i % 3 === 2 ? 'pass' : 'fail',
      risk: RISK_LEVELS[i % 4]!,
      summary: { 'zh-CN': `发现问题${i}`, en: `Found problem ${i}` },
      evidence: Array.from({ length: opts.evidencePerFinding ?? 2 }, (_, k) => ({
        file: `classes${k}.dex`,
        className: sdk ? 'com.umeng.Analytics' : `com.example.app.Class${i}`,
        method: 'onCreate',
        line: 10 + k,
        snippet: hostile ? `${HOSTILE.script} ${HOSTILE.rtl} ${HOSTILE.emoji} ${HOSTILE.control} ${k === 0 ? HOSTILE.long : HOSTILE.longWords}` : `invoke-virtual {v0}, Lcom/example/Api;->call${i}()V`,
        attribution,
      })),
      attribution,
    });
  }
  const counts = Object.fromEntries(RISK_LEVELS.map((r) => [r, 0])) as Assessment['counts'];
  for (const f of findings) if (f.result === 'fail') counts[f.risk]++;
  const name = hostile ? `${HOSTILE.script}${HOSTILE.rtl}${HOSTILE.emoji}${HOSTILE.long}` : 'Synthetic App';
  return {
    rules,
    assessment: {
      platform: 'android',
      engine: { name: 'android', version: '9.9.9' },
      target: { appName: name, packageName: hostile ? `com.${HOSTILE.control}.evil` : 'com.example.synthetic', versionName: '1.2.3', size: 12_345_678, md5: 'd41d8cd98f00b204e9800998ecf8427e', nested: { deep: { deeper: { deepest: { x: 1 } } } }, list: Array.from({ length: 100 }, (_, i) => `item${i}`) },
      findings,
      sdks: [{ name: hostile ? `Umeng ${HOSTILE.script}` : 'Umeng', category: 'statistics', matched: 'com.umeng', version: '9.1' }],
      counts,
      score: { score: 42, band: scoreBand(42) },
      timings: { startedAt: '2025-01-01T00:00:00.000Z', finishedAt: '2025-01-01T00:01:00.000Z', ms: 60_000 },
      unreadable: hostile ? [{ file: HOSTILE.script, reason: HOSTILE.long }] : [],
    },
  };
}
