import type { Evidence, Finding, ItemResult, RiskLevel } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { computeScore, countByRisk, scoreBreakdown, spread } from './score.ts';

const row = (ruleId: string, risk: RiskLevel, result: ItemResult = 'fail', occurrences = 1, extra: Partial<Finding> = {}): Finding => ({
  ruleId,
  risk,
  result,
  evidence: Array.from({ length: Math.min(occurrences, 20) }, (): Evidence => ({ file: 'x' })),
  ...(occurrences > 20 ? { omittedEvidence: occurrences - 20 } : {}),
  attribution: { kind: 'main' },
  ...extra,
});

describe('score', () => {
  it('is 100/high with no failures; safe, pass, not_executed, find_problem and whitelisted rows cost nothing', () => {
    expect(computeScore([])).toEqual({ score: 100, band: 'high' });
    const harmless = [row('a.b', 'high', 'pass'), row('a.c', 'serious', 'safe'), row('a.d', 'high', 'not_executed'), row('a.e', 'high', 'find_problem'), row('a.f', 'serious', 'fail', 1, { whitelisted: true })];
    expect(computeScore(harmless).score).toBe(100);
    expect(countByRisk(harmless)).toEqual({ serious: 0, high: 0, medium: 0, low: 0, info: 0 });
  });

  it('follows the documented weights', () => {
    expect(computeScore([row('a.s', 'serious')])).toEqual({ score: 80, band: 'medium' });
    expect(computeScore([row('a.h', 'high')]).score).toBe(90);
    expect(computeScore([row('a.m', 'medium')]).score).toBe(95);
    expect(computeScore([row('a.l', 'low')]).score).toBe(98);
    expect(computeScore([row('a.i', 'info')]).score).toBe(100);
    // 100 × 0.9³ × 0.95⁵ = 56.4
    const many = [...['1', '2', '3'].map((i) => row(`a.h${i}`, 'high')), ...['1', '2', '3', '4', '5'].map((i) => row(`a.m${i}`, 'medium'))];
    expect(computeScore(many)).toEqual({ score: 56, band: 'low' });
    expect(countByRisk(many)).toMatchObject({ high: 3, medium: 5 });
  });

  it('diminishes repeated occurrences: one noisy rule cannot sink the score alone', () => {
    expect(spread(1)).toBe(1);
    expect(spread(16)).toBe(2);
    expect(spread(1e6)).toBe(2);
    expect(computeScore([row('a.s', 'serious', 'fail', 100000)])).toEqual({ score: 60, band: 'medium' });
    expect(computeScore([row('a.h', 'high', 'fail', 5000)]).score).toBe(80);
    // Rows of one rule are one rule.
    const split = [row('a.h', 'high', 'fail', 2, { attribution: { kind: 'sdk', name: 'Umeng' } }), row('a.h', 'high', 'fail', 2)];
    expect(countByRisk(split).high).toBe(1);
    const [only, ...rest] = scoreBreakdown(split);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ ruleId: 'a.h', risk: 'high', occurrences: 4 });
    expect(only!.penalty).toBeCloseTo(0.15);
  });

  it('never leaves 0..100 and is monotone in the number of failures', () => {
    let last = 100;
    const findings: Finding[] = [];
    for (let i = 0; i < 200; i++) {
      findings.push(row(`a.r${i}`, 'serious', 'fail', 50));
      const s = computeScore(findings).score;
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(last);
      last = s;
    }
    expect(last).toBe(0);
  });
});
