import { describe, expect, it } from 'vitest';
import { defineCatalogue } from '../catalogue/define.ts';
import { testRule } from '../catalogue/testing.ts';
import { AssessmentBuilder } from '../engine/builder.ts';
import { toSarif, toArtifactUri } from './to-sarif.ts';
import { sarifProblems } from './validate.ts';

const catalogue = defineCatalogue([
  testRule('android.manifest.debuggable', 'high', { cwe: ['CWE-489'], owasp: ['MASVS-RESILIENCE-4'], references: ['https://developer.android.com/guide/topics/manifest/application-element'] }),
  testRule('android.code.weak_hash', 'medium', { cwe: ['CWE-327', 'CWE-328'] }),
  testRule('android.code.logging', 'low'),
  testRule('android.code.root_detection', 'info'),
  testRule('android.native.strcpy', 'serious'),
]);

function sample() {
  const b = new AssessmentBuilder({ engine: { name: 'android', version: '0.1.0' }, platform: 'android', catalogue, ctx: { now: () => new Date('2026-01-01T00:00:00Z') } });
  b.finding('android.manifest.debuggable', { file: 'AndroidManifest.xml', detail: 'android:debuggable="true"' });
  b.finding('android.code.weak_hash', [
    { className: 'com.app.Crypto', method: 'hash', detail: 'MessageDigest.getInstance("MD5")' },
    { className: 'com.umeng.X', method: 'a' },
  ]);
  b.finding('android.native.strcpy', { file: 'lib/arm64-v8a/lib dir/libdivajni.so', offset: 4096, snippet: 'strcpy' }, { attribution: { kind: 'sdk', name: 'Some SDK' } });
  b.problem('android.code.logging', { file: 'assets/app.js', line: 12, snippet: 'console.log(token)' });
  b.safe('android.code.root_detection', { className: 'com.app.Root' });
  b.unreadable('classes2.dex', 'truncated');
  b.target.fileName = 'diva.apk';
  return b.build();
}

describe('SARIF', () => {
  it('produces a structurally valid SARIF 2.1.0 log with rules, tags and locations', () => {
    const log = toSarif({ assessment: sample(), catalogue }, { artifactUri: 'diva.apk' });
    expect(sarifProblems(log)).toEqual([]);
    expect(JSON.parse(JSON.stringify(log))).toEqual(log);
    const run = log.runs[0]!;
    expect(run.tool.driver).toMatchObject({ name: 'citadel-android', version: '0.1.0' });
    const rule = run.tool.driver.rules!.find((r) => r.id === 'android.manifest.debuggable')!;
    expect(rule.properties).toMatchObject({ cwe: ['CWE-489'], owasp: ['MASVS-RESILIENCE-4'], risk: 'high', 'security-severity': '8.0' });
    expect(rule.properties!.tags).toEqual(expect.arrayContaining(['security', 'external/cwe/cwe-489', 'external/owasp/MASVS-RESILIENCE-4']));
    expect(rule.helpUri).toBe('https://developer.android.com/guide/topics/manifest/application-element');
    expect(rule.defaultConfiguration).toEqual({ level: 'error' });

    const byRule = (id: string) => run.results.filter((r) => r.ruleId === id);
    expect(byRule('android.code.weak_hash')).toHaveLength(2);
    expect(byRule('android.code.weak_hash')[0]!.level).toBe('warning');
    expect(byRule('android.code.weak_hash')[0]!.locations![0]!.logicalLocations).toEqual([{ fullyQualifiedName: 'com.app.Crypto.hash', kind: 'function' }]);
    expect(byRule('android.code.weak_hash')[1]!.properties).toMatchObject({ attribution: 'MAIN' });
    const native = byRule('android.native.strcpy')[0]!;
    expect(native).toMatchObject({ level: 'error', kind: 'fail', properties: { attribution: 'Some SDK' } });
    expect(native.locations![0]!.physicalLocation).toEqual({ artifactLocation: { uri: 'lib/arm64-v8a/lib%20dir/libdivajni.so' }, region: { byteOffset: 4096, snippet: { text: 'strcpy' } } });
    expect(byRule('android.code.logging')[0]).toMatchObject({ kind: 'review', level: 'none' });
    // Safe and pass rows are left out by default.
    expect(byRule('android.code.root_detection')).toEqual([]);
    expect(run.invocations![0]!.toolExecutionNotifications![0]!.message.text).toContain('classes2.dex');
    expect(run.properties).toMatchObject({ platform: 'android', score: expect.objectContaining({ band: expect.any(String) }) });
    // Fingerprints are stable across runs.
    expect(toSarif({ assessment: sample(), catalogue }).runs[0]!.results.map((r) => r.partialFingerprints)).toEqual(run.results.map((r) => r.partialFingerprints));
  });

  it('includes passing items on request, each with level none, still valid', () => {
    const log = toSarif({ assessment: sample(), catalogue }, { includePassing: true, locale: 'zh-CN' });
    expect(sarifProblems(log)).toEqual([]);
    const kinds = log.runs[0]!.results.map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['fail', 'review', 'informational']));
    expect(log.runs[0]!.tool.driver.rules![0]!.shortDescription!.text).toMatch(/测试规则/);
  });

  it('marks whitelisted rows as suppressed and handles rules missing from the catalogue', () => {
    const a = sample();
    a.findings.push({ ruleId: 'android.removed.rule', result: 'fail', risk: 'low', evidence: [], attribution: { kind: 'main' }, whitelisted: true });
    const log = toSarif({ assessment: a, catalogue }, { artifactUri: 'my app.apk' });
    expect(sarifProblems(log)).toEqual([]);
    const r = log.runs[0]!.results.find((x) => x.ruleId === 'android.removed.rule')!;
    expect(r.suppressions).toEqual([{ kind: 'external', justification: 'whitelisted' }]);
    expect(r.locations![0]!.physicalLocation!.artifactLocation.uri).toBe('my%20app.apk');
  });

  it('the validator catches what the schema requires', () => {
    expect(sarifProblems({ version: '2.0.0', runs: {} })).toEqual(['log.version must be "2.1.0"', 'log.runs must be an array']);
    const bad = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: '', rules: [{ id: 'a' }, { id: 'a' }] } },
          invocations: [{}],
          results: [
            { ruleId: 'a', ruleIndex: 5, level: 'fatal', kind: 'pass', message: {}, locations: [{ physicalLocation: { artifactLocation: { uri: 'a b' }, region: { startLine: 0 } } }] },
            { ruleId: 'a', kind: 'pass', level: 'error', message: { text: 'x' }, suppressions: [{}], properties: { tags: ['x', 'x'] } },
          ],
        },
      ],
    };
    const problems = sarifProblems(bad);
    for (const e of [
      /driver\.name is required/,
      /rules\[1\]\.id "a" is not unique/,
      /executionSuccessful is required/,
      /results\[0\]\.message needs text/,
      /ruleIndex does not point/,
      /results\[0\]\.level invalid/,
      /uri must be a URI reference/,
      /startLine must be an integer/,
      /level must be "none" for kind pass/,
      /suppressions\[0\]\.kind is required/,
      /tags must be unique/,
    ])
      expect(problems.some((x) => e.test(x)), String(e)).toBe(true);
  });

  it('encodes artifact paths as URI references', () => {
    expect(toArtifactUri('\\res\\values\\strings.xml')).toBe('res/values/strings.xml');
    expect(toArtifactUri('assets/资源 #1.json')).toBe('assets/%E8%B5%84%E6%BA%90%20%231.json');
  });
});
