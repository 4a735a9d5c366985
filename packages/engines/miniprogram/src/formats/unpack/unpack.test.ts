import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { readAppConfig, splitDefineModules, splitWxAppCode } from './index.ts';

const bundle = [
  'var __wxAppData = {};',
  'define("utils/util.js", function(require, module, exports, window, document){ "use strict";',
  '  var s = "define(\\"fake.js\\", function(){})"; module.exports = { s: s };',
  '});',
  'define("pages/index/index.js", function(require, module, exports){ "use strict";',
  '  wx.request({ url: "http://api.example.com/login", data: { password: "hunter2" } });',
  '});require("app.js");',
].join('\n');

describe('splitDefineModules', () => {
  it('cuts each define()d module with its path, code and position', () => {
    const mods = splitDefineModules(bundle);
    expect(mods.map((m) => m.path)).toEqual(['utils/util.js', 'pages/index/index.js']);
    expect(mods[0]?.code).toContain('module.exports = { s: s }');
    expect(mods[0]?.code.trim().endsWith('};')).toBe(true);
    expect(mods[1]?.code).toContain('http://api.example.com/login');
    expect(mods[1]?.code).not.toContain('require("app.js")');
    expect(bundle.slice(mods[1]!.offsetInBundle, mods[1]!.offsetInBundle + 14)).toBe(' "use strict";');
    expect(mods[1]?.line).toBe(5);
  });

  it('returns nothing for code without wrappers and stays linear on hostile text', () => {
    expect(splitDefineModules('console.log(1)')).toEqual([]);
    expect(splitDefineModules('define("x", function(' + 'a,'.repeat(50_000))).toEqual([]);
  });
});

describe('splitWxAppCode', () => {
  it('extracts page JSON and wxml references', () => {
    const frame = `__wxAppCode__['pages/index/index.json'] = {"usingComponents":{"a":"/c/a"},"title":"x}"};\n__wxAppCode__['pages/index/index.wxml'] = $gwx('./pages/index/index.wxml');`;
    const mods = splitWxAppCode(frame);
    expect(mods.map((m) => [m.path, m.kind])).toEqual([
      ['pages/index/index.json', 'wxAppCode-json'],
      ['pages/index/index.wxml', 'wxAppCode-wxml'],
    ]);
    expect(JSON.parse(mods[0]!.code)).toEqual({ usingComponents: { a: '/c/a' }, title: 'x}' });
  });
});

describe('readAppConfig', () => {
  it('reads pages, sub-packages, permission, privacy infos, plugins, timeouts and debug', () => {
    const c = readAppConfig(
      JSON.stringify({
        pages: ['pages/index/index', 'pages/me/me'],
        entryPagePath: 'pages/index/index',
        subPackages: [{ root: 'pkgA', pages: ['p/a'], plugins: { live: { provider: 'wx2b03c6e691cd7370', version: '1.0.0' } } }],
        permission: { 'scope.userLocation': { desc: '用于附近门店' } },
        requiredPrivateInfos: ['getLocation', 'chooseAddress'],
        plugins: { myPlugin: { provider: 'wxidxxxxxxxxxxxxxxxx', version: '2.1.0' } },
        networkTimeout: { request: 60000 },
        debug: true,
        page: { 'pages/index/index': { window: {} } },
      }),
    );
    expect(c.pages).toHaveLength(2);
    expect(c.subPackages[0]).toMatchObject({ root: 'pkgA', pages: ['p/a'], plugins: ['live'] });
    expect(c.permission['scope.userLocation']).toBe('用于附近门店');
    expect(c.requiredPrivateInfos).toEqual(['getLocation', 'chooseAddress']);
    expect(c.plugins.map((p) => p.alias)).toEqual(['myPlugin', 'live']);
    expect(c.networkTimeout.request).toBe(60000);
    expect(c.debug).toBe(true);
    expect(c.compiledPages).toEqual(['pages/index/index']);
    expect(c.problems).toEqual([]);
  });

  it('reports wrong shapes and refuses non-objects', () => {
    const c = readAppConfig('{"pages":"index","debug":"yes"}');
    expect(c.pages).toEqual([]);
    expect(c.problems).toEqual(['$.pages: expected array', '$.debug: expected boolean']);
    expect(() => readAppConfig('[]')).toThrow(FormatError);
    expect(() => readAppConfig('{"a":' + '['.repeat(500))).toThrow(/nested/);
  });
});
