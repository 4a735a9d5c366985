/** The pure diff: merging of repeated rules, unchecked items, both shapes of permissions, SDK versions. */
import { describe, expect, it } from 'vitest';
import { diffAssessments, permissionNames } from './assessment-diff.ts';
import { buildAssessment } from './test-helpers.ts';

describe('diffAssessments', () => {
  it('merges a rule reported twice and keeps not-executed failures apart from fixes', () => {
    const base = buildAssessment({ packageName: 'p', version: '1', score: 50, findings: [['r.a', 'fail', 'low', 2], ['r.a', 'pass', 'low', 1], ['r.b', 'fail', 'serious', 1], ['r.c', 'fail', 'info', 0]] });
    const compare = buildAssessment({ packageName: 'p', version: '2', score: 40.5, findings: [['r.a', 'fail', 'low', 1], ['r.b', 'not_executed', 'serious', 0], ['r.c', 'safe', 'info', 0], ['r.d', 'find_problem', 'low', 4]] });
    const d = diffAssessments(base, compare);
    expect(d.findings.unchanged).toEqual([{ ruleId: 'r.a', risk: 'low', title: 'r.a', baseResult: 'fail', compareResult: 'fail', baseEvidence: 3, compareEvidence: 1 }]);
    expect(d.findings.unchecked.map((f) => f.ruleId)).toEqual(['r.b']);
    expect(d.findings.fixed.map((f) => f.ruleId)).toEqual(['r.c']);
    expect(d.findings.new).toEqual([]);
    expect(d.score).toEqual({ base: 50, compare: 40.5, delta: -9.5 });
  });

  it('reads permissions as strings or {name} objects and ignores anything else', () => {
    expect([...permissionNames({ permissions: ['a', { name: 'b', dangerous: true }, 3, null, { nom: 'x' }, ''] })]).toEqual(['a', 'b']);
    expect(permissionNames({ permissions: 'a' }).size).toBe(0);
    expect(permissionNames(undefined).size).toBe(0);
  });

  it('survives stored assessments with missing parts', () => {
    const broken = { ...buildAssessment({ packageName: 'p', version: '1', score: 1, findings: [] }), findings: undefined, sdks: undefined, score: undefined, target: undefined } as never;
    const d = diffAssessments(broken, buildAssessment({ packageName: 'p', version: '2', score: 10, findings: [['r', 'fail', 'high', 1]], sdks: [{ name: 'X', category: 'other', matched: 'x', version: '1' }], permissions: ['a'] }));
    expect(d.findings.new.map((f) => f.ruleId)).toEqual(['r']);
    expect(d.sdks.added).toEqual([{ name: 'X', category: 'other', version: '1' }]);
    expect(d.permissions.added).toEqual(['a']);
    expect(d.score.delta).toBe(10);
  });
});
