import { execFileSync } from 'node:child_process';
import type { Assessment } from '@citadel/contracts';
import { EngineInputError, buildElf, buildZip, deflateBomb, catalogueSummary, engineConformanceProblems, missingTranslations, sarifProblems, toSarif } from '@citadel/engine-core';
import { CORPUS, hasCorpus, seededRandom } from '@citadel/engine-core/testing';
import { describe, expect, it } from 'vitest';
import { HARMONY_CATALOGUE, engine } from './index.ts';
import { asm, asmCall, buildAbc, type CodeRefs } from './formats/test-utils/abc-writer.ts';
import { buildResourcesIndex } from './formats/test-utils/resource-index-writer.ts';
import { NOW, assess, assessBytes, buildHap, result, row, tempFile } from './testing/build-hap.ts';

const corpusHap = hasCorpus(CORPUS.hap);
const runCorpus = (options = {}) => engine.run({ files: [{ path: CORPUS.hap, name: 'helloworld-stage.hap' }] }, options, { now: () => NOW });

describe('engine and catalogue', () => {
  it('conforms to the engine contract; every item has CWE, MASVS, zh-CN/en texts and four-language titles', () => {
    expect(engineConformanceProblems(engine)).toEqual([]);
    const s = catalogueSummary(HARMONY_CATALOGUE);
    expect(s.platforms.sort()).toEqual(['harmony', 'harmony_next']);
    for (const item of HARMONY_CATALOGUE.items) {
      expect(item.id.startsWith(`${item.platform}.`), item.id).toBe(true);
      expect(item.owasp?.length, item.id).toBeGreaterThan(0);
      expect(item.cwe?.length, item.id).toBeGreaterThan(0);
    }
    expect(missingTranslations(HARMONY_CATALOGUE.items).filter((m) => m.field === 'title')).toEqual([]);
    expect(HARMONY_CATALOGUE.has('harmony_next.manifest.exported_extension_ability')).toBe(true);
    expect(HARMONY_CATALOGUE.has('harmony.manifest.exported_extension_ability')).toBe(false);
  });

  it('accepts .hap/.hsp/.app ZIPs, FA when the head shows config.json, Stage otherwise', () => {
    const stage = buildHap({});
    const fa = buildZip([{ name: 'config.json', data: '{}' }, { name: 'resources.index', data: 'x' }]);
    expect(engine.accepts('a.hap', stage.subarray(0, 4096))).toBe('harmony_next');
    expect(engine.accepts('a.hap', fa.subarray(0, 4096))).toBe('harmony');
    expect(engine.accepts('b.app', Uint8Array.from([0x50, 0x4b, 3, 4]))).toBe('harmony_next');
    expect(engine.accepts('a.apk', stage.subarray(0, 4096))).toBeUndefined();
    expect(engine.accepts('a.hap', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46]))).toBeUndefined();
  });

  it('honours selected items, whitelists, the requested platform and the abort signal; its SARIF validates', async () => {
    const spec = { app: { debug: true }, module: { abilities: [{ name: 'ShareAbility', exported: true }] } };
    const a = await assess(spec, { selected: ['harmony_next.manifest.debug'] });
    expect(result(a, 'manifest.debug')).toBe('fail');
    expect(result(a, 'manifest.exported_ability')).toBe('not_executed');
    const w = await assess(spec, { whitelist: [{ kind: 'file', pattern: 'module.json' }] });
    expect(row(w, 'manifest.debug').whitelisted).toBe(true);
    const asFa = await assess(spec, { platform: 'harmony' });
    expect(asFa.platform).toBe('harmony');
    expect(result(asFa, 'manifest.debug')).toBe('fail');
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(engine.run({ files: [{ path: tempFile(buildHap(spec)), name: 'a.hap' }] }, {}, { signal: controller.signal })).rejects.toThrow(/cancelled/);
    expect(sarifProblems(toSarif({ assessment: a, catalogue: HARMONY_CATALOGUE }))).toEqual([]);
  });
});

describe.skipIf(!corpusHap)('the corpus HAP (helloworld-stage.hap)', () => {
  it('reports debug true, the exported EntryAbility, the OpenHarmony test chain, release profile with apl normal', async () => {
    const a = await runCorpus();
    expect(a.platform).toBe('harmony_next');
    expect(result(a, 'manifest.debug')).toBe('fail');
    const exported = row(a, 'manifest.exported_ability');
    expect(exported.result).toBe('find_problem');
    expect(exported.evidence[0]).toMatchObject({ file: 'module.json', className: 'EntryAbility' });
    expect(row(a, 'signing.test_certificate').evidence[0]?.detail).toContain('OpenHarmony Application CA');
    expect(result(a, 'signing.debug_profile')).toBe('pass');
    expect(result(a, 'signing.apl_elevated')).toBe('pass');
    expect(row(a, 'signing.profile_validity').evidence.map((e) => e.detail)).toEqual(['profile expired on 2023-07-16T02:07:38.000Z']);
    expect(row(a, 'manifest.old_api_level').evidence[0]?.detail).toBe('target API 9, compatible API 9; recommended at least 12');
    expect(a.findings.filter((f) => f.result === 'fail').map((f) => f.ruleId).sort()).toEqual([
      'harmony_next.manifest.debug',
      'harmony_next.manifest.old_api_level',
      'harmony_next.signing.profile_validity',
      'harmony_next.signing.test_certificate',
    ]);
    expect(a.unreadable).toEqual([]);
    expect(a.target).toMatchObject({
      kind: 'hap',
      model: 'stage',
      appName: 'HelloWorld',
      packageName: 'com.example.helloworld',
      versionName: '1.0.0',
      versionCode: 1000000,
      minAPIVersion: 9,
      targetAPIVersion: 9,
      debug: true,
      profileType: 'release',
      apl: 'normal',
      sha256: '41d91d9c35243a3c967e995e044fa83a2bc8581e86a74cc6fa7deb528271ee41',
      signer: { subject: 'C=CN,O=Organization,OU=Unit,CN=ide_demo_app', issuer: 'CN=OpenHarmony Application CA,OU=OpenHarmony Team,O=OpenHarmony,C=CN' },
      signature: { status: 'verified', digestAlgorithm: 'sha256', contentDigestMatches: true, signerSignatureValid: true, profileSignatureValid: true, signerMatchesProfile: true },
    });
    expect((a.target['modules'] as { abilities: unknown[] }[])[0]?.abilities).toEqual([{ name: 'EntryAbility', exported: true, permissions: [] }]);
    expect((a.target['modules'] as { abcCode: unknown[] }[])[0]?.abcCode).toEqual([{ file: 'ets/modules.abc', version: '9.0.0.0', code: 'decoded', methods: 22, undecodable: 0, calls: expect.any(Number) }]);
    expect(a.score).toEqual({ score: 80, band: 'medium' });
  });
});

describe.skipIf(!hasCorpus(CORPUS.diva))('FA packages carrying DEX code', () => {
  it('scans the DEX strings and class names and runs the Android code checks (DIVA classes.dex inside an FA HAP)', async () => {
    const dex = execFileSync('unzip', ['-p', CORPUS.diva, 'classes.dex'], { maxBuffer: 64 << 20 });
    const a = await assess({ model: 'fa', files: [{ name: 'classes.dex', data: dex }] });
    expect(a.platform).toBe('harmony');
    expect(a.sdks.map((s) => s.name)).toContain('Android Support Library');
    expect(row(a, 'secrets.endpoints').evidence.some((e) => e.file === 'classes.dex')).toBe(true);
    expect(result(a, 'crypto.weak_hash')).toBe('not_executed');
    expect(row(a, 'dex.code.sql_injection').result).toBe('fail');
    expect(row(a, 'dex.storage.external_storage').evidence.some((e) => e.className?.startsWith('jakhar.aseem.diva'))).toBe(true);
    expect(a.unreadable).toEqual([]);
  });
});

describe('hostile input', () => {
  function* mutants(base: Buffer, count: number, seed: number): Generator<Buffer> {
    const rnd = seededRandom(seed);
    const hostile = [0, 1, 0xffffffff, 0x7fffffff, 0x80000000, base.length, 0x10000];
    for (let i = 0; i < count; i++) {
      const m = Buffer.from(base);
      if (i % 5 === 4) {
        yield m.subarray(0, Math.floor(rnd() * m.length));
        continue;
      }
      for (let k = 0; k < 1 + Math.floor(rnd() * 6); k++) {
        const at = Math.floor(rnd() * (m.length - 4));
        if (i % 2 === 0) m[at] = Math.floor(rnd() * 256);
        else m.writeUInt32LE(hostile[Math.floor(rnd() * hostile.length)]!, at);
      }
      yield m;
    }
  }

  const outcome = async (bytes: Buffer, name: string): Promise<'assessed' | 'refused'> => {
    try {
      const a: Assessment = await assessBytes(bytes, name);
      expect(a.findings.length).toBeGreaterThan(0);
      return 'assessed';
    } catch (e) {
      if (e instanceof EngineInputError) return 'refused';
      throw e;
    }
  };

  it('250 mutated whole HAPs (ZIP structures, CRCs, signing block) end as assessments or EngineInputError', async () => {
    const base = buildHap({
      app: { debug: true },
      module: { requestPermissions: [{ name: 'ohos.permission.CAMERA' }] },
      abc: { records: [{ name: 'com.example.app/entry/ets/pages/Index', methods: ['func_main_0', 'build'], module: { requests: ['@ohos:hilog', '@normalized:N&&&@ohos/axios/index&2.2.0'] }, literalStrings: ['http://a.example.com', 'MD5'] }] },
      files: [{ name: 'libs/arm64-v8a/libx.so', data: buildElf({}) }],
      stored: true,
    });
    const counts = { assessed: 0, refused: 0 };
    for (const m of mutants(base, 250, 0x4a9)) counts[await outcome(m, 'fuzz.hap')]++;
    expect(counts.assessed).toBeGreaterThan(20);
    expect(counts.assessed + counts.refused).toBe(250);
  }, 120_000);

  it('mutated ABC (with method code), resources.index and module.json inside well-formed HAPs: assessed with the part listed as unreadable', async () => {
    const log = { name: 'log', code: (r: CodeRefs) => [...asmCall(r, asm('ldexternalmodulevar', 0), ['info'], [0, 'tag', 'token=%{public}s', 'x']), ...asm('returnundefined')] };
    const abc = Buffer.from(buildAbc({ records: [{ name: 'com.example.app/entry/ets/pages/Index', methods: ['func_main_0', log], module: { requests: ['@ohos:hilog'], regularImports: [{ localName: 'hilog', importName: 'default', requestIdx: 0 }] }, literalStrings: ['http://a.example.com', 'token=%{public}s'], sourceCode: 'let a = 1' }] }));
    const res = Buffer.from(buildResourcesIndex([{ keys: [], items: [{ id: 0x01000000, type: 9, name: 'app_name', value: 'Example' }] }]));
    const manifest = Buffer.from(JSON.stringify({ app: { bundleName: 'com.example.app', debug: true }, module: { name: 'entry', abilities: [{ name: 'A', exported: true }] } }));
    let unreadable = 0;
    for (const [name, base] of [['ets/modules.abc', abc], ['resources.index', res], ['module.json', manifest]] as const) {
      for (const m of mutants(base, 80, name.length)) {
        const files = [{ name: 'module.json', data: name === 'module.json' ? m : manifest }, { name: 'resources.index', data: name === 'resources.index' ? m : res }, { name: 'ets/modules.abc', data: name === 'ets/modules.abc' ? m : abc }];
        const a = await assessBytes(buildZip(files), 'm.hap');
        if (a.unreadable.length > 0) unreadable++;
      }
    }
    expect(unreadable).toBeGreaterThan(50);
  }, 120_000);

  it.skipIf(!corpusHap)('150 mutations of the corpus HAP end as assessments (partial results listed) or EngineInputError', async () => {
    const base = execFileSync('cat', [CORPUS.hap], { maxBuffer: 1 << 20 });
    const counts = { assessed: 0, refused: 0 };
    for (const m of mutants(base, 150, 0x51a)) counts[await outcome(m, 'fuzz.hap')]++;
    expect(counts.assessed).toBeGreaterThan(10);
  }, 120_000);

  it('a bomb and an absurd nested module are refused or listed, never allocated', async () => {
    const bomb = buildZip([{ name: 'module.json', data: '{"app":{},"module":{}}' }, { name: 'ets/modules.abc', rawData: deflateBomb(16), declaredUncompressedSize: 1000 }]);
    const a = await assessBytes(bomb, 'bomb.hap');
    expect(a.unreadable.map((u) => u.file)).toContain('ets/modules.abc');
    const nested = buildZip([{ name: 'pack.info', data: '{}' }, { name: 'entry.hap', rawData: deflateBomb(16), declaredUncompressedSize: 2000 }]);
    await expect(assessBytes(nested, 'b.app')).rejects.toBeInstanceOf(EngineInputError);
  });
});
