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

  it('gives a source finding its CWE, exact region, taint path as a code flow and a fingerprint that survives line shifts', () => {
    const cat = defineCatalogue([testRule('source.injection.sql', 'high', { platform: 'source', cwe: ['CWE-89'] })]);
    const run = (shift: number) => {
      const b = new AssessmentBuilder({ engine: { name: 'source', version: '1' }, platform: 'source', catalogue: cat, ctx: { now: () => new Date(0) } });
      const ev = (sinkLine: number, sink: string) => ({
        file: 'app/views.py',
        line: sinkLine + shift,
        column: 5,
        endLine: sinkLine + shift,
        endColumn: 30,
        offset: 120,
        snippet: `    ⟦${sink}⟧`,
        flow: [
          { line: 3 + shift, kind: 'source' as const, code: "name = request.args['name']" },
          { line: 4 + shift, kind: 'param' as const, code: 'find(name)' },
          { file: 'app/db.py', line: 9, kind: 'assign' as const, code: 'q = "SELECT " + name' },
          { line: 4 + shift, kind: 'return' as const, code: 'rows = find(name)' },
          { line: sinkLine + shift, kind: 'sink' as const, code: sink },
        ],
      });
      b.finding('source.injection.sql', [ev(6, 'cur.execute(q)'), ev(8, 'cur.execute(q)')]);
      return toSarif({ assessment: b.build(), catalogue: cat }).runs[0]!;
    };
    const r = run(0);
    const log = { version: '2.1.0' as const, runs: [r] };
    expect(sarifProblems(log)).toEqual([]);
    const res = r.results[0]!;
    expect(res.locations![0]!.physicalLocation!.region).toEqual({ startLine: 6, startColumn: 5, endLine: 6, endColumn: 30, snippet: { text: '    ⟦cur.execute(q)⟧' } });
    expect(res.taxa).toEqual([{ id: '89', index: 0, toolComponent: { name: 'CWE', index: 0 } }]);
    expect(res.properties).toMatchObject({ cwe: ['CWE-89'] });
    expect(r.taxonomies![0]!.taxa!.map((t) => t.id)).toEqual(['89']);
    expect(r.tool.driver.supportedTaxonomies).toEqual([{ name: 'CWE', index: 0 }]);
    const steps = res.codeFlows![0]!.threadFlows[0]!.locations;
    expect(steps.map((l) => [l.location.physicalLocation!.artifactLocation.uri, l.location.physicalLocation!.region!.startLine, l.nestingLevel])).toEqual([
      ['app/views.py', 3, 0],
      ['app/views.py', 4, 0],
      ['app/db.py', 9, 1],
      ['app/views.py', 4, 0],
      ['app/views.py', 6, 0],
    ]);
    expect(steps[0]!.kinds).toContain('source');
    expect(steps[4]!.kinds).toContain('sink');
    // Two identical sinks in one file get two fingerprints; ten lines inserted above change none.
    const fp = (x: typeof r) => x.results.map((y) => y.partialFingerprints!['citadel/v2']);
    expect(new Set(fp(r)).size).toBe(2);
    expect(fp(run(10))).toEqual(fp(r));
  });

  it('encodes artifact paths as URI references', () => {
    expect(toArtifactUri('\\res\\values\\strings.xml')).toBe('res/values/strings.xml');
    expect(toArtifactUri('assets/资源 #1.json')).toBe('assets/%E8%B5%84%E6%BA%90%20%231.json');
  });
});
