import { describe, expect, it } from 'vitest';
import { classifyAlipayEntry, readAlipayAppJson, readMiniProjectJson } from './index.ts';

describe('Alipay packages', () => {
  it('classifies the entries that matter', () => {
    expect(classifyAlipayEntry('2021000000000000.tar')).toBe('inner-tar');
    expect(classifyAlipayEntry('CERT.json')).toBe('signature');
    expect(classifyAlipayEntry('index.worker.js')).toBe('logic-bundle');
    expect(classifyAlipayEntry('index.js')).toBe('render-bundle');
    expect(classifyAlipayEntry('pages/index/index.js')).toBe('script');
    expect(classifyAlipayEntry('pages/index/index.axml')).toBe('template');
    expect(classifyAlipayEntry('api_permission')).toBe('api-permission');
    expect(classifyAlipayEntry('mini.project.json')).toBe('project-config');
    expect(classifyAlipayEntry('app.json')).toBe('app-json');
    expect(classifyAlipayEntry('pages/index/index.json')).toBe('page-config');
    expect(classifyAlipayEntry('index.worker.js.map')).toBe('source-map');
    expect(classifyAlipayEntry('images/logo.png')).toBe('other');
  });

  it('reads mini.project.json and app.json', () => {
    const p = readMiniProjectJson(JSON.stringify({ format: 2, compileType: 'mini', compileOptions: { component2: true, typescript: 'no' } }));
    expect(p).toMatchObject({ format: 2, compileType: 'mini', compileOptions: { component2: true } });
    expect(p.problems).toEqual(['$.compileOptions.typescript: expected boolean']);
    const a = readAlipayAppJson(
      JSON.stringify({ pages: ['pages/index/index'], window: { defaultTitle: '支付' }, tabBar: { items: [{ pagePath: 'pages/index/index', name: '首页' }] }, subPackages: [{ root: 'sub', pages: ['a'] }] }),
    );
    expect(a.defaultTitle).toBe('支付');
    expect(a.tabBarPages).toEqual(['pages/index/index']);
    expect(a.subPackages[0]?.root).toBe('sub');
  });
});
