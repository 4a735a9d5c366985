import type { Assessment, Finding } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { defineCatalogue } from '../catalogue/define.ts';
import { testRule } from '../catalogue/testing.ts';
import { AssessmentBuilder } from './builder.ts';
import { EngineRegistry } from './registry.ts';
import type { Engine, Progress } from './types.ts';
import { compileWhitelist, parseSensitiveWords } from './whitelist.ts';

const catalogue = defineCatalogue([
  testRule('android.manifest.debuggable', 'high'),
  testRule('android.manifest.allow_backup', 'medium'),
  testRule('android.code.weak_hash', 'medium'),
  testRule('android.code.root_detection', 'info'),
  testRule('android.code.logging', 'low'),
  testRule('ios.ats.arbitrary_loads', 'high', { platform: 'ios' }),
]);
const fixedClock = () => new Date('2026-01-01T00:00:00Z');
const make = (options = {}, onProgress?: (p: Progress) => void, signal?: AbortSignal) =>
  new AssessmentBuilder({ engine: { name: 'test', version: '1.0.0' }, platform: 'android', catalogue, options, ctx: { now: fixedClock, ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) } });
const rowOf = (a: Assessment, id: string): Finding => {
  const rows = a.findings.filter((f) => f.ruleId === id);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

describe('AssessmentBuilder', () => {
  it('gives every item in scope exactly one row: fail, pass, safe, not run, not selected', async () => {
    const b = make({ selected: ['android.manifest.debuggable', 'android.manifest.allow_backup', 'android.code.weak_hash', 'android.code.root_detection'] });
    const ran: string[] = [];
    await b.check('android.manifest.debuggable', () => {
      ran.push('debuggable');
      b.finding('android.manifest.debuggable', { file: 'AndroidManifest.xml', detail: 'android:debuggable="true"' });
    });
    await b.check('android.manifest.allow_backup', () => void ran.push('backup'));
    await b.check('android.code.root_detection', () => b.safe('android.code.root_detection', { className: 'a.b.Root', method: 'check' }));
    await b.check('android.code.logging', () => void ran.push('logging (must not run)'));
    b.target.packageName = 'jakhar.aseem.diva';
    const a = b.build();

    expect(ran).toEqual(['debuggable', 'backup']);
    expect(a.findings.map((f) => f.ruleId)).toEqual(catalogue.items.filter((i) => i.platform === 'android').map((i) => i.id));
    expect(rowOf(a, 'android.manifest.debuggable')).toMatchObject({ result: 'fail', risk: 'high', attribution: { kind: 'main' } });
    expect(rowOf(a, 'android.manifest.allow_backup')).toMatchObject({ result: 'pass', evidence: [] });
    expect(rowOf(a, 'android.code.root_detection').result).toBe('safe');
    expect(rowOf(a, 'android.code.weak_hash')).toMatchObject({ result: 'not_executed', evidence: [{ detail: 'the engine did not run this check' }] });
    expect(rowOf(a, 'android.code.logging')).toMatchObject({ result: 'not_executed', summary: { en: 'Item not selected' } });
    expect(a.counts).toEqual({ serious: 0, high: 1, medium: 0, low: 0, info: 0 });
    expect(a.score).toEqual({ score: 90, band: 'high' });
    expect(a.target).toEqual({ packageName: 'jakhar.aseem.diva' });
    expect(a.timings).toEqual({ startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:00.000Z', ms: 0 });
  });

  it('keeps every occurrence (no per-rule cap), and attributes rows to MAIN before SDKs', () => {
    const b = make();
    for (let i = 0; i < 300; i++) b.finding('android.code.weak_hash', { className: `com.umeng.C${i}` }, { attribution: { kind: 'sdk', name: 'Umeng' } });
    b.finding('android.code.weak_hash', { className: 'com.app.Main' });
    b.finding('android.code.logging', { className: 'com.tencent.bugly.X' }, { attribution: { kind: 'sdk', name: 'Tencent Bugly' } });
    const a = b.build();
    const weak = rowOf(a, 'android.code.weak_hash');
    expect(weak.evidence).toHaveLength(301);
    expect(weak.omittedEvidence).toBeUndefined();
    expect(weak.evidence[300]!.className).toBe('com.app.Main');
    expect(weak.attribution).toEqual({ kind: 'main' });
    expect(weak.evidence[0]!.attribution).toEqual({ kind: 'sdk', name: 'Umeng' });
    expect(rowOf(a, 'android.code.logging').attribution).toEqual({ kind: 'sdk', name: 'Tencent Bugly' });
    expect(a.unreadable).toEqual([]);
  });

  it('past the safety limit of one assessment (hostile input) counts the rest and says so', () => {
    const b = new AssessmentBuilder({ engine: { name: 'test', version: '1.0.0' }, platform: 'android', catalogue, evidenceLimit: 5, ctx: { now: fixedClock } });
    for (let i = 0; i < 4; i++) b.finding('android.code.weak_hash', { className: `C${i}` });
    for (let i = 0; i < 3; i++) b.finding('android.code.logging', { className: `L${i}` });
    const a = b.build();
    expect(rowOf(a, 'android.code.weak_hash').evidence).toHaveLength(4);
    expect(rowOf(a, 'android.code.logging')).toMatchObject({ evidence: [{ className: 'L0' }], omittedEvidence: 2 });
    expect(a.unreadable).toEqual([{ file: '(assessment)', reason: expect.stringContaining('2 further occurrences') }]);
  });

  it('fail wins over find_problem over safe', () => {
    const b = make();
    b.safe('android.code.weak_hash');
    b.problem('android.code.weak_hash', { detail: 'x' });
    expect(rowOf(b.build(), 'android.code.weak_hash').result).toBe('find_problem');
    b.finding('android.code.weak_hash', { detail: 'y' });
    expect(rowOf(b.build(), 'android.code.weak_hash').result).toBe('fail');
  });

  it('whitelisted occurrences are dropped from a row; a row with only whitelisted ones is marked and does not count', () => {
    const b = make({
      whitelist: [
        { kind: 'so', pattern: 'libthird*.so' },
        { kind: 'log_function', pattern: 'com.app.Log.d', ruleIds: ['android.code.logging'] },
        { kind: 'class', pattern: 'com.ignored.*', enabled: false },
      ],
    });
    b.finding('android.code.weak_hash', [{ file: 'lib/arm64-v8a/libthird.so' }, { file: 'lib/arm64-v8a/libapp.so' }]);
    b.finding('android.code.logging', { className: 'com.app.Log', method: 'd' });
    b.finding('android.manifest.debuggable', { className: 'com.ignored.X' });
    const a = b.build();
    expect(rowOf(a, 'android.code.weak_hash').evidence.map((e) => e.file)).toEqual(['lib/arm64-v8a/libapp.so']);
    expect(rowOf(a, 'android.code.logging')).toMatchObject({ result: 'fail', whitelisted: true, evidence: [{ method: 'd' }] });
    expect(rowOf(a, 'android.manifest.debuggable').whitelisted).toBeUndefined();
    expect(a.counts).toMatchObject({ medium: 1, high: 1, low: 0 });
  });

  it('a throwing check leaves its items not_executed and the run goes on; unknown ids are programming errors', async () => {
    const b = make();
    await b.check(['android.code.weak_hash', 'android.code.logging'], () => {
      throw new Error('dex table truncated');
    });
    await b.check('android.manifest.debuggable', () => undefined);
    b.unreadable('classes2.dex', 'truncated string table');
    const a = b.build();
    expect(rowOf(a, 'android.code.weak_hash')).toMatchObject({ result: 'not_executed', evidence: [{ detail: 'check failed: dex table truncated' }] });
    expect(rowOf(a, 'android.manifest.debuggable').result).toBe('pass');
    expect(a.unreadable).toEqual([{ file: 'classes2.dex', reason: 'truncated string table' }]);
    expect(() => b.finding('ios.ats.arbitrary_loads')).toThrow(/not in the android catalogue scope/);
    expect(() => b.finding('nope.nope')).toThrow();
  });

  it('reports progress over selected items and stops at the abort signal between items', async () => {
    const seen: Progress[] = [];
    const ctrl = new AbortController();
    const b = make({ selected: ['android.manifest.debuggable', 'android.manifest.allow_backup', 'android.code.weak_hash'] }, (p) => seen.push(p), ctrl.signal);
    await b.check('android.manifest.debuggable', () => undefined);
    expect(seen.at(-1)).toEqual({ done: 1, total: 3 });
    ctrl.abort(new Error('cancelled by user'));
    let ran = false;
    await expect(
      b.check('android.manifest.allow_backup', () => {
        ran = true;
      }),
    ).rejects.toThrow('cancelled by user');
    expect(ran).toBe(false);
  });

  it('deduplicates SDKs by name', () => {
    const b = make();
    b.addSdk({ name: 'Umeng', category: 'statistics', matched: 'com.umeng.analytics' });
    b.addSdk({ name: 'Umeng', category: 'statistics', matched: 'com.umeng.commonsdk' });
    expect(b.build().sdks).toEqual([{ name: 'Umeng', category: 'statistics', matched: 'com.umeng.analytics' }]);
  });
});

describe('whitelist and sensitive words', () => {
  it('matches by kind', () => {
    const m = compileWhitelist([
      { kind: 'resource', pattern: 'assets/*.json' },
      { kind: 'value', pattern: 'AIza*' },
      { kind: 'global', pattern: 'com.vendor.*' },
    ]);
    expect(m('r.x', { file: 'assets/config.json' })).toBe(true);
    expect(m('r.x', { file: 'assets/code.js' })).toBe(false);
    expect(m('r.x', { file: 'assets/x.js' })).toBe(false);
    expect(m('r.x', { detail: 'AIzaSyExample' })).toBe(true);
    expect(m('r.x', { className: 'com.vendor.sdk.A' })).toBe(true);
    expect(m('r.x', { className: 'com.vendorx.A' })).toBe(false);
    expect(compileWhitelist([])('r.x', { file: 'a' })).toBe(false);
  });

  it('splits sensitive words on English commas', () => {
    expect(parseSensitiveWords(' password, 身份证 ,,password,token')).toEqual(['password', '身份证', 'token']);
  });
});

describe('EngineRegistry', () => {
  const engine = (name: string, platforms: Engine['platforms'], accepts: Engine['accepts']): Engine => ({
    name,
    version: '0',
    platforms,
    catalogue,
    accepts,
    run: async () => make().build(),
  });

  it('finds the first engine that accepts, honours a requested platform, survives a throwing accepts()', () => {
    const r = new EngineRegistry()
      .register(
        engine('broken', ['ios'], () => {
          throw new Error('boom');
        }),
      )
      .register(engine('android', ['android', 'android_sdk'], (name) => (name.endsWith('.apk') ? 'android' : name.endsWith('.aar') ? 'android_sdk' : undefined)));
    expect(r.find('a.apk', new Uint8Array())).toMatchObject({ platform: 'android' });
    expect(r.find('a.aar', new Uint8Array())?.engine.name).toBe('android');
    expect(r.find('a.apk', new Uint8Array(), 'android_sdk')).toMatchObject({ platform: 'android_sdk' });
    expect(r.find('a.apk', new Uint8Array(), 'ios')).toBeUndefined();
    expect(r.find('a.txt', new Uint8Array())).toBeUndefined();
    expect(() => r.register(engine('android', ['android'], () => undefined))).toThrow(/twice/);
  });
});

describe('engineConformanceProblems', () => {
  it('accepts a well-behaved engine and lists what a bad one gets wrong', async () => {
    const { engineConformanceProblems } = await import('./conformance.ts');
    const good: Engine = { name: 'android', version: '1', platforms: ['android', 'ios'], catalogue, accepts: (n) => (n.endsWith('.apk') ? 'android' : undefined), run: async () => make().build() };
    expect(engineConformanceProblems(good)).toEqual([]);
    const bad: Engine = {
      ...good,
      name: 'Bad Name',
      platforms: ['android'],
      accepts: (n) => {
        if (n === '') throw new Error('boom');
        return n.endsWith('.apk') ? 'web' : undefined;
      },
    };
    const problems = engineConformanceProblems(bad);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/name "Bad Name"/),
        expect.stringMatching(/ios\.ats\.arbitrary_loads is for ios/),
        expect.stringMatching(/threw: boom/),
        expect.stringMatching(/answered web/),
      ]),
    );
  });
});
