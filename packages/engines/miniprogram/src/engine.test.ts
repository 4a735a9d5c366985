import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type EngineInputError, catalogueSummary, engineConformanceProblems, missingTranslations, sarifProblems, toSarif } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { MINIPROGRAM_CATALOGUE, engine } from './index.ts';
import { alipayAmr, alipayTar, assessFiles, details, encryptedWechatPackage, result, row, tempFile, wechatPackage } from './testing/build.ts';

const APP_ID = 'wx1234567890abcdef';
const MAIN = {
  appConfig: { pages: ['pages/index/index'], subPackages: [{ root: 'pkgA', pages: ['pages/a'] }], requiredPrivateInfos: [] },
  modules: { 'app.js': 'App({ onLaunch() { wx.getLocation({}); } });', 'pages/index/index.js': 'wx.request({ url: "http://api.example.com/x" });' },
};
const SUB = { modules: { 'pkgA/pages/a.js': 'eval(input);' }, bundleName: 'pkgA/app-service.js' };
const ALIPAY_APP = JSON.stringify({ pages: ['pages/index/index'], window: { defaultTitle: '支付示例' }, plugins: { coupon: { provider: '2021001234567890', version: '*' } } });
const ALIPAY_PAGE = 'Page({ onLoad() { my.getLocation({}); my.request({ url: "http://pay.example.com/order" }); my.setStorageSync({ key: "token", data: t }); } });';
const ALIPAY_APP_JS = 'App({ onLaunch() { my.getPhoneNumber({}); } });';

describe('engine and catalogue', () => {
  it('conforms; every item has CWE and OWASP ids, titles in four languages, ids by platform', () => {
    expect(engineConformanceProblems(engine)).toEqual([]);
    const s = catalogueSummary(MINIPROGRAM_CATALOGUE);
    expect(s.platforms.sort()).toEqual(['alipay_miniprogram', 'miniprogram']);
    for (const item of MINIPROGRAM_CATALOGUE.items) {
      expect(item.cwe?.length, item.id).toBeGreaterThan(0);
      expect(item.owasp?.length, item.id).toBeGreaterThan(0);
      expect(item.id.startsWith(item.platform === 'miniprogram' ? 'miniprogram.' : 'alipay.'), item.id).toBe(true);
    }
    expect(missingTranslations(MINIPROGRAM_CATALOGUE.items).filter((m) => m.field === 'title')).toEqual([]);
    expect(MINIPROGRAM_CATALOGUE.has('alipay.privacy.undeclared_private_info')).toBe(false);
  });

  it('accepts wxapkg (plain and PC) and Alipay packages by magic and name', () => {
    const wx = wechatPackage(MAIN);
    expect(engine.accepts('__APP__.wxapkg', wx.subarray(0, 4096))).toBe('miniprogram');
    expect(engine.accepts('x.bin', encryptedWechatPackage(MAIN, APP_ID).subarray(0, 4096))).toBe('miniprogram');
    const zip = alipayAmr({ 'app.json': ALIPAY_APP });
    expect(engine.accepts('2021001234567890.amr', zip.subarray(0, 4096))).toBe('alipay_miniprogram');
    expect(engine.accepts('app.apk', zip.subarray(0, 4096))).toBeUndefined();
    expect(engine.accepts('alipay-mini.tar.gz', alipayTar({ 'app.json': ALIPAY_APP }, true).subarray(0, 4096))).toBe('alipay_miniprogram');
    expect(engine.accepts('sources.tar', alipayTar({ 'a.c': 'x' }).subarray(0, 4096))).toBeUndefined();
  });

  it('assesses a main package and its sub-package as one project', async () => {
    const a = await assessFiles([{ name: 'pkgA.wxapkg', bytes: wechatPackage(SUB) }, { name: '__APP__.wxapkg', bytes: wechatPackage(MAIN) }]);
    expect(a.platform).toBe('miniprogram');
    expect(row(a, 'miniprogram.code.dynamic_code').evidence[0]).toMatchObject({ file: 'pkgA/pages/a.js', line: 2 });
    expect(result(a, 'miniprogram.privacy.before_consent')).toBe('fail');
    expect(a.target).toMatchObject({ fileName: '__APP__.wxapkg', pageCount: 2, subPackageCount: 1 });
    expect((a.target.packages as { role: string }[]).map((p) => p.role)).toEqual(['main', 'sub']);
    expect(a.counts.high).toBeGreaterThan(0);
    expect(a.score.score).toBeLessThan(100);
  });
});

describe('PC-encrypted packages (V1MMWX)', () => {
  const enc = encryptedWechatPackage(MAIN, APP_ID);
  it('decrypts with the right app id and records it', async () => {
    const a = await assessFiles([{ name: '__APP__.wxapkg', bytes: enc }], { params: { appid: APP_ID } });
    expect(result(a, 'miniprogram.network.cleartext_endpoints')).toBe('fail');
    expect(a.target).toMatchObject({ appId: APP_ID });
    expect((a.target.packages as { format: string }[])[0]?.format).toBe('wxapkg-pc');
  });

  it('takes the app id from a PC client file name when none is given', async () => {
    const a = await assessFiles([{ name: `${APP_ID}__APP__.wxapkg`, bytes: enc }]);
    expect(a.target.appId).toBe(APP_ID);
  });

  it('refuses a missing or wrong app id with clear messages', async () => {
    const missing = assessFiles([{ name: '__APP__.wxapkg', bytes: enc }]);
    await expect(missing).rejects.toMatchObject({ name: 'EngineInputError', code: 'missing_parameter' });
    await expect(missing).rejects.toThrow(/app id \(wx…\) is required/);
    const wrong = assessFiles([{ name: '__APP__.wxapkg', bytes: enc }], { params: { appid: 'wx0000000000000000' } });
    await expect(wrong).rejects.toMatchObject({ code: 'encrypted' } satisfies Partial<EngineInputError>);
    await expect(wrong).rejects.toThrow(/app id is wrong/);
  });
});

describe('Alipay packages', () => {
  it('reads an .amr (ZIP) package with an inner tar, as alipay_miniprogram', async () => {
    const inner = alipayTar({ 'app.json': ALIPAY_APP, 'app.js': ALIPAY_APP_JS, 'pages/index/index.js': ALIPAY_PAGE, 'pages/index/index.axml': '<button open-type="getAuthorize" scope="phoneNumber">授权</button>' });
    const amr = alipayAmr({ 'CERT.json': '{}', '2021001234567890.tar': inner, 'images/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]) });
    const a = await assessFiles([{ name: '2021001234567890.amr', bytes: amr }]);
    expect(a.platform).toBe('alipay_miniprogram');
    expect(a.findings.every((f) => f.ruleId.startsWith('alipay.'))).toBe(true);
    expect(details(a, 'alipay.privacy.api_usage')).toEqual(['my.getPhoneNumber (phone number) in App onLaunch/onShow', 'my.getLocation (location)', '<button open-type="getAuthorize"> (phone number)']);
    expect(result(a, 'alipay.privacy.before_consent')).toBe('fail');
    expect(details(a, 'alipay.network.cleartext_endpoints')[0]).toBe('my.request calls http://pay.example.com/order');
    expect(details(a, 'alipay.code.sensitive_storage')).toEqual(['my.setStorageSync key "token"']);
    expect(details(a, 'alipay.code.third_party_plugins')).toEqual(['plugin "coupon" from 2021001234567890 version *']);
    expect(a.target).toMatchObject({ kind: 'alipay', appName: '支付示例', pageCount: 1 });
  });

  it('reads a tar.gz source package', async () => {
    const tgz = alipayTar({ 'mini.project.json': JSON.stringify({ format: 2, compileType: 'mini' }), 'app.json': ALIPAY_APP, 'app.js': ALIPAY_APP_JS, 'pages/index/index.js': ALIPAY_PAGE }, true);
    const a = await assessFiles([{ name: 'alipay-mini.tgz', bytes: tgz }]);
    expect(result(a, 'alipay.privacy.before_consent')).toBe('fail');
    expect((a.target.packages as { format: string }[])[0]?.format).toBe('tar');
  });
});

describe('options', () => {
  it('honours selected items, whitelists and the abort signal; SARIF of the result validates', async () => {
    const a = await assessFiles([{ name: '__APP__.wxapkg', bytes: wechatPackage(MAIN) }], { selected: ['miniprogram.code.dynamic_code', 'miniprogram.network.cleartext_endpoints'] });
    expect(result(a, 'miniprogram.network.cleartext_endpoints')).toBe('fail');
    expect(result(a, 'miniprogram.privacy.before_consent')).toBe('not_executed');
    const w = await assessFiles([{ name: '__APP__.wxapkg', bytes: wechatPackage(MAIN) }], { whitelist: [{ kind: 'file', pattern: 'pages/index/*' }] });
    expect(row(w, 'miniprogram.network.cleartext_endpoints').whitelisted).toBe(true);
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(engine.run({ files: [{ path: tempFile(wechatPackage(MAIN), 'a.wxapkg'), name: 'a.wxapkg' }] }, {}, { signal: controller.signal })).rejects.toThrow(/cancelled/);
    expect(sarifProblems(toSarif({ assessment: a, catalogue: MINIPROGRAM_CATALOGUE }))).toEqual([]);
  });

  it('refuses inputs it does not take', async () => {
    await expect(assessFiles([{ name: 'x.wxapkg', bytes: Buffer.from('not a package at all') }])).rejects.toMatchObject({ code: 'unsupported_format' });
    await expect(assessFiles([{ name: 'a.wxapkg', bytes: wechatPackage(MAIN) }, { name: 'b.amr', bytes: alipayAmr({ 'app.json': '{}' }) }])).rejects.toThrow(/together/);
  });
});

describe('npm run scan', () => {
  const main = fileURLToPath(new URL('../../../cli/src/main.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
  const scan = (args: string[]) => spawnSync(tsx, [main, ...args, '--quiet'], { encoding: 'utf8', timeout: 120_000 });

  it('scans a built package, and an encrypted one with and without --appid', () => {
    const plain = scan([tempFile(wechatPackage(MAIN), '__APP__.wxapkg')]);
    expect(plain.status, plain.stderr).toBe(0);
    const out = JSON.parse(plain.stdout) as { platform: string; findings: { ruleId: string; result: string }[] };
    expect(out.platform).toBe('miniprogram');
    expect(out.findings.find((f) => f.ruleId === 'miniprogram.network.cleartext_endpoints')?.result).toBe('fail');
    const enc = tempFile(encryptedWechatPackage(MAIN, APP_ID), '__APP__.wxapkg');
    expect(scan([enc, '--appid', APP_ID]).status).toBe(0);
    const without = scan([enc]);
    expect(without.status).toBe(4);
    expect(without.stderr).toMatch(/app id/);
  });
});
