import { describe, expect, it } from 'vitest';
import { assessWechat, details, result, row } from '../testing/build.ts';
import { compareVersions, findLibraries, isOutdated } from './libraries.ts';

const CONFIG = { pages: ['pages/index/index'], requiredPrivateInfos: ['getLocation'], permission: { 'scope.userLocation': { desc: '用于附近门店' } } };
const id = (key: string) => `miniprogram.${key}`;
const clean = () => assessWechat({ appConfig: CONFIG, modules: { 'app.js': 'App({ onLaunch() { this.ready = true; } });', 'pages/index/index.js': 'Page({ onLoad() { wx.request({ url: "https://api.example.com/list" }); } });' } });

describe('a clean package', () => {
  it('passes every check that has input (sensitive words not configured)', async () => {
    const a = await clean();
    const notPassing = a.findings.filter((f) => f.result !== 'pass' && f.ruleId !== id('network.request_domains')).map((f) => `${f.ruleId}:${f.result}`);
    expect(notPassing).toEqual([id('secrets.sensitive_words') + ':not_executed']);
    expect(details(a, id('network.request_domains'))).toEqual(['wx.request → api.example.com']);
  });
});

describe('secrets', () => {
  it('reports AppSecret, API keys, private keys and credentials with file and line', async () => {
    const a = await assessWechat({
      appConfig: CONFIG,
      modules: {
        'utils/config.js': [
          'module.exports = {',
          '  loginUrl: "https://api.weixin.qq.com/sns/jscode2session?appid=wx1234567890abcdef&secret=0f1e2d3c4b5a69788796a5b4c3d2e1f0&grant_type=authorization_code",',
          '  oss: "LTAI4FqP2wXk9mZ7bR3nT5yV",',
          '  password: "Adm1n!2024x",',
          '};',
        ].join('\n'),
      },
      files: [{ name: '/static/key.pem', data: '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\n' }],
    }, { sensitiveWords: ['example'] });
    expect(row(a, id('secrets.app_secret')).evidence[0]).toMatchObject({ file: 'utils/config.js', line: 3 });
    expect(row(a, id('secrets.api_keys')).evidence[0]).toMatchObject({ file: 'utils/config.js', line: 4 });
    expect(row(a, id('secrets.hardcoded_credentials')).evidence[0]).toMatchObject({ file: 'utils/config.js', line: 5 });
    expect(result(a, id('secrets.private_keys'))).toBe('pass'); // .pem is not a text role of a mini-program
    expect(result(a, id('network.server_api_in_client'))).toBe('fail');
    expect(result(a, id('secrets.sensitive_words'))).toBe('pass');
    const b = await assessWechat({ appConfig: CONFIG, modules: { 'k.js': 'var k = "-----BEGIN PRIVATE KEY-----\\nMIIEv";' } }, { sensitiveWords: ['config'] });
    expect(row(b, id('secrets.private_keys')).evidence[0]).toMatchObject({ file: 'k.js', line: 2 });
  });
});

describe('network', () => {
  it('finds cleartext call URLs, IPs, third parties and disabled certificate checks', async () => {
    const a = await assessWechat({
      appConfig: CONFIG,
      modules: {
        'pages/a.js': [
          'wx.request({ url: "http://10.0.0.8:8080/api" });',
          'wx.connectSocket({ url: "ws://chat.example.com/s" });',
          'wx.uploadFile({ url: base + "/up", filePath: p, name: "f" });',
          'wx.request({ url: "https://hm.baidu.com/hm.gif", sslVerify: false });',
          '// wx.request({ url: "http://commented.example.com" })',
        ].join('\n'),
      },
      files: [{ name: '/project.config.json', data: JSON.stringify({ appid: 'wx1234567890abcdef', setting: { urlCheck: false } }, null, 2) }],
    });
    expect(details(a, id('network.cleartext_endpoints'))).toEqual(expect.arrayContaining(['wx.request calls http://10.0.0.8:8080/api', 'wx.connectSocket calls ws://chat.example.com/s']));
    expect(details(a, id('network.request_domains'))).toEqual(['wx.request → 10.0.0.8', 'wx.connectSocket → chat.example.com', 'wx.uploadFile: url computed at run time', 'wx.request → hm.baidu.com']);
    expect(details(a, id('network.ip_addresses'))[0]).toMatch(/10\.0\.0\.8 \(private\)/);
    expect(details(a, id('network.third_party_endpoints'))).toEqual(['Baidu Tongji (statistics): hm.baidu.com']);
    expect(a.sdks.map((s) => s.name)).toContain('Baidu Tongji');
    expect(details(a, id('network.tls_verification_disabled'))).toEqual(['sslVerify: false', 'setting.urlCheck: false (domain, TLS version and certificate checks off)']);
    expect(a.target.appId).toBe('wx1234567890abcdef');
  });
});

describe('privacy', () => {
  it('lists privacy APIs, undeclared infos, missing descriptions, launch-time calls and clipboard reads', async () => {
    const a = await assessWechat({
      appConfig: { pages: ['pages/index/index'], requiredPrivateInfos: [] },
      modules: {
        'app.js': 'App({ onLaunch: function () { wx.getLocation({ type: "wgs84" }); wx.getClipboardData({}); } });',
        'pages/index/index.js': 'Page({ pick() { wx.chooseMedia({}); wx.chooseAddress({}); } });',
      },
      files: [{ name: '/pages/index/index.wxml', data: '<button open-type="getPhoneNumber" bindgetphonenumber="onPhone">登录</button>' }],
    });
    expect(details(a, id('privacy.api_usage'))).toEqual([
      'wx.getLocation (location) in App onLaunch/onShow',
      'wx.getClipboardData (clipboard) in App onLaunch/onShow',
      'wx.chooseMedia (photo album)',
      'wx.chooseAddress (address)',
      '<button open-type="getPhoneNumber"> (phone number)',
    ]);
    expect(details(a, id('privacy.undeclared_private_info')).map((d) => d.split(' ')[0])).toEqual(['getLocation', 'chooseAddress']);
    expect(details(a, id('privacy.missing_permission_desc'))).toEqual(['getLocation needs scope.userLocation, which has no permission description']);
    expect(row(a, id('privacy.before_consent')).evidence.map((e) => [e.file, e.line])).toEqual([['app.js', 2], ['app.js', 2]]);
    expect(result(a, id('privacy.clipboard_read'))).toBe('fail');
  });

  it('downgrades launch-time calls to a problem when the platform privacy check is on; passes declared APIs', async () => {
    const a = await assessWechat({
      appConfig: { ...CONFIG, __usePrivacyCheck__: true },
      modules: { 'app.js': 'App({ onShow() { wx.getLocation({}); } });' },
    });
    expect(result(a, id('privacy.before_consent'))).toBe('find_problem');
    expect(result(a, id('privacy.undeclared_private_info'))).toBe('pass');
    expect(result(a, id('privacy.missing_permission_desc'))).toBe('pass');
  });

  it('cannot judge declarations without a configuration', async () => {
    const a = await assessWechat({ modules: { 'sub/a.js': 'wx.getLocation({})' } });
    expect(result(a, id('privacy.undeclared_private_info'))).toBe('not_executed');
  });
});

describe('code', () => {
  it('finds dynamic code, sensitive storage and logging, debug switches, source maps, old libraries and plugins', async () => {
    const a = await assessWechat({
      appConfig: { ...CONFIG, debug: true, plugins: { live: { provider: 'wx2b03c6e691cd7370', version: '1.3.0' } } },
      modules: {
        'pages/a.js': 'eval(code);\nwx.setStorageSync("access_token", t);\nwx.setStorage({ key: "userPhone", data: p });\nwx.setStorage({ key: "theme", data: d });\nconsole.log("login ok", res.data.token);\nconsole.log("page shown");\nwx.setEnableDebug({ enableDebug: true });\nnew VConsole();',
        'libs/moment.js': '//! moment.js\n//! version : 2.29.1\n;(function(){})()',
        'libs/lodash.js': '/**\n * @license\n * Lodash <https://lodash.com/>\n */\n;(function() {\n  var undefined;\n  var VERSION = \'4.17.21\';\n})();',
      },
      files: [{ name: '/pages/a.js.map', data: '{"version":3,"sources":["a.ts"],"sourcesContent":["let x = 1"]}' }],
    });
    expect(details(a, id('code.dynamic_code'))).toEqual(['eval']);
    expect(details(a, id('code.sensitive_storage'))).toEqual(['wx.setStorageSync key "access_token"', 'wx.setStorage key "userPhone"']);
    expect(details(a, id('code.sensitive_logging'))).toEqual(['console.log with "token"']);
    expect(details(a, id('code.debug_enabled'))).toEqual(['debug: true', 'wx.setEnableDebug({ enableDebug: true })', 'new VConsole(): debug console bundled']);
    expect(details(a, id('code.source_maps'))[0]).toMatch(/sourcesContent/);
    expect(details(a, id('code.outdated_libraries'))).toEqual(['moment 2.29.1: CVE-2022-31129, fixed in 2.29.4']);
    expect(a.sdks.map((s) => `${s.name}@${s.version ?? ''}`)).toEqual(expect.arrayContaining(['moment@2.29.1', 'lodash@4.17.21', 'plugin live@1.3.0']));
    expect(details(a, id('code.third_party_plugins'))).toEqual(['plugin "live" from wx2b03c6e691cd7370 version 1.3.0']);
  });

  it('compares library versions per release line and ignores the underscore credit in lodash banners', () => {
    expect(compareVersions('4.17.9', '4.17.21')).toBe(-1);
    expect(isOutdated('6.11.4', ['6.11.4', '7.2.5'])).toBe(false);
    expect(isOutdated('7.2.4', ['6.11.4', '7.2.5'])).toBe(true);
    expect(isOutdated('5.0.0', ['6.11.4', '7.2.5'])).toBe(true);
    expect(isOutdated('8.0.0', ['6.11.4', '7.2.5'])).toBe(false);
    expect(findLibraries(' * Lodash lodash.com/license | Underscore.js 1.8.3 underscorejs.org/LICENSE')).toEqual([]);
    expect(findLibraries('//     Underscore.js 1.9.1\n').map((h) => [h.name, h.outdated])).toEqual([['underscore', true]]);
    expect(findLibraries('/* axios v0.21.1 | (c) 2020 */ /*! protobuf.js v7.2.5 */ CryptoJS v3.1.2').map((h) => `${h.name} ${h.outdated}`)).toEqual(['crypto-js true', 'axios true', 'protobuf.js false']);
  });
});

describe('package anomalies', () => {
  it('flags unsafe entry names', async () => {
    const a = await assessWechat({ appConfig: CONFIG, files: [{ name: '/../../evil.js', data: 'x' }] });
    expect(details(a, id('info.package_anomalies'))[0]).toMatch(/unsafe name \(dot-dot\)/);
    expect((await clean()).findings.find((f) => f.ruleId === id('info.package_anomalies'))?.result).toBe('pass');
  });
});
