import type { Assessment } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { compareScaAssessments, projectKey } from './compare.ts';

const comp = (name: string, version: string, eco = 'npm', licence?: string) => ({ ref: `${eco}|${name}@${version}`, ecosystem: eco, name, version, direct: true, dev: false, ...(licence ? { licence: { declared: licence, expression: licence, source: 'x' } } : {}) });
const vuln = (id: string, ids: string[], component: string, level = 'high', suppressed = false) => ({ id, ids, level, summary: id, fixed: [], component, ...(suppressed ? { suppressed: { state: 'not_affected', source: 'vex.json' } } : {}) });
const assessment = (name: string, components: unknown[], vulnerabilities: unknown[]): Assessment => ({ platform: 'sca', target: { kind: 'sca', name, components, vulnerabilities } }) as unknown as Assessment;

describe('SCA version compare', () => {
  it('finds added, removed, upgraded components and new/fixed vulnerabilities by any shared id', () => {
    const a = assessment('shop-1.0.zip', [comp('lodash', '4.17.15', 'npm', 'MIT'), comp('left-pad', '1.1.0'), comp('Django', '2.1.0', 'PyPI'), comp('gone', '1.0.0')], [
      vuln('GHSA-1', ['GHSA-1', 'CVE-1'], 'npm|lodash@4.17.15'),
      vuln('GHSA-2', ['GHSA-2'], 'npm|left-pad@1.1.0', 'critical'),
      vuln('PYSEC-1', ['PYSEC-1', 'CVE-9'], 'PyPI|Django@2.1.0'),
    ]);
    const b = assessment('shop-1.1.zip', [comp('lodash', '4.17.21', 'npm', 'MIT OR Apache-2.0'), comp('left-pad', '1.1.0'), comp('django', '2.0.1', 'PyPI'), comp('new-one', '0.1.0')], [
      // Same vulnerability under another id: not new.
      vuln('CVE-9', ['CVE-9'], 'PyPI|django@2.0.1'),
      vuln('GHSA-2', ['GHSA-2'], 'npm|left-pad@1.1.0', 'critical', true),
      vuln('GHSA-3', ['GHSA-3'], 'npm|new-one@0.1.0', 'low'),
    ]);
    const r = compareScaAssessments(a, b);
    expect(r.sameProject).toBe(true);
    expect(r.added.map((c) => c.name)).toEqual(['new-one']);
    expect(r.removed.map((c) => c.name)).toEqual(['gone']);
    expect(r.changed).toEqual([
      { ecosystem: 'PyPI', name: 'django', from: ['2.1.0'], to: ['2.0.1'], direction: 'down' },
      { ecosystem: 'npm', name: 'lodash', from: ['4.17.15'], to: ['4.17.21'], direction: 'up' },
    ]);
    expect(r.unchanged).toBe(1);
    expect(r.newVulns.map((v) => v.id)).toEqual(['GHSA-3']);
    // GHSA-2 is suppressed by a VEX in B: fixed as far as the counts go; GHSA-1 went with the upgrade.
    expect(r.fixedVulns.map((v) => v.id)).toEqual(['GHSA-2', 'GHSA-1']);
    expect(r.remainingVulns).toBe(1);
    expect(r.licenceChanges).toEqual([{ ecosystem: 'npm', name: 'lodash', from: 'MIT', to: 'MIT OR Apache-2.0' }]);
  });

  it('tells projects apart by name and refuses other assessments', () => {
    expect(projectKey('shop-1.2.0.zip')).toBe(projectKey('shop_v1.3.tar.gz'));
    expect(projectKey('shop.zip')).not.toBe(projectKey('billing.zip'));
    expect(compareScaAssessments(assessment('shop.zip', [], []), assessment('billing.zip', [], [])).sameProject).toBe(false);
    expect(() => compareScaAssessments({ platform: 'firmware', target: { kind: 'firmware' } } as unknown as Assessment, assessment('x', [], []))).toThrow(/software-component/);
    // Hostile stored data: wrong types are skipped, not thrown on.
    const odd = assessment('x', [null, 3, { name: 7 }], [{ component: 'nope' }, 'x']);
    expect(compareScaAssessments(odd, odd).newVulns).toEqual([]);
  });
});
