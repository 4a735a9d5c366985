/**
 * The JSON files of an Alipay mini-program project: mini.project.json (tool
 * and compile settings) and app.json (pages, window, tabBar, sub-packages,
 * plugins: the same keys as WeChat's, so the WeChat reader does the work).
 */
import { Picker, readJsonRecord } from '../json/index.ts';
import { readAppConfig, type MiniAppConfig } from '../unpack/app-config.ts';

export interface MiniProjectJson {
  format?: number;
  compileType?: string;
  miniprogramRoot?: string;
  pluginRoot?: string;
  compileOptions: { component2?: boolean; typescript?: boolean; less?: boolean };
  uploadExclude: string[];
  assetsInclude: string[];
  problems: string[];
}

export function readMiniProjectJson(input: Uint8Array | string): MiniProjectJson {
  const json = readJsonRecord(input, 'mini.project.json');
  const p = new Picker();
  const opts = p.record(json, 'compileOptions', '$');
  return {
    format: p.number(json, 'format', '$'),
    compileType: p.string(json, 'compileType', '$'),
    miniprogramRoot: p.string(json, 'miniprogramRoot', '$'),
    pluginRoot: p.string(json, 'pluginRoot', '$'),
    compileOptions: {
      component2: p.boolean(opts, 'component2', '$.compileOptions'),
      typescript: p.boolean(opts, 'typescript', '$.compileOptions'),
      less: p.boolean(opts, 'less', '$.compileOptions'),
    },
    uploadExclude: p.strings(json, 'uploadExclude', '$'),
    assetsInclude: p.strings(json, 'assetsInclude', '$'),
    problems: p.problems,
  };
}

export interface AlipayAppJson extends MiniAppConfig {
  defaultTitle?: string;
  tabBarPages: string[];
}

export function readAlipayAppJson(input: Uint8Array | string): AlipayAppJson {
  const base = readAppConfig(input, 'app.json');
  const json = readJsonRecord(input, 'app.json');
  const p = new Picker();
  const tabBar = p.record(json, 'tabBar', '$');
  return {
    ...base,
    defaultTitle: p.string(p.record(json, 'window', '$'), 'defaultTitle', '$.window'),
    tabBarPages: p.records(tabBar, 'items', '$.tabBar').map((i) => p.string(i, 'pagePath', '$.tabBar.items[]') ?? '').filter((x) => x !== ''),
    problems: [...base.problems, ...p.problems],
  };
}
