/**
 * app-config.json (what the WeChat compiler puts in a package) and the
 * project's app.json: pages, sub-packages, permission descriptions,
 * requiredPrivateInfos, plugins, networkTimeout and the debug switch. The two
 * share these keys; app-config.json adds compiled per-page settings
 * ("page") and "entryPagePath".
 */
import { Picker, readJsonRecord, type JsonRecord } from '../json/index.ts';

export interface MiniSubPackage {
  root: string;
  name?: string;
  pages: string[];
  independent?: boolean;
  plugins: string[];
}

export interface MiniPlugin {
  alias: string;
  provider?: string;
  version?: string;
}

export interface MiniAppConfig {
  pages: string[];
  entryPagePath?: string;
  subPackages: MiniSubPackage[];
  /** scope → description, e.g. "scope.userLocation" → "用于…" */
  permission: Record<string, string | undefined>;
  requiredPrivateInfos: string[];
  plugins: MiniPlugin[];
  networkTimeout: { request?: number; connectSocket?: number; uploadFile?: number; downloadFile?: number };
  debug?: boolean;
  /** Mini-programs this one may open (navigateToMiniProgramAppIdList). */
  navigateToMiniProgramAppIdList: string[];
  /** Keys of "page" in app-config.json: compiled per-page settings. */
  compiledPages: string[];
  problems: string[];
}

export function readAppConfig(input: Uint8Array | string, what = 'app-config.json'): MiniAppConfig {
  const json = readJsonRecord(input, what);
  const p = new Picker();
  const subs = [...p.records(json, 'subPackages', '$'), ...p.records(json, 'subpackages', '$')];
  const timeout = p.record(json, 'networkTimeout', '$');
  const permission: Record<string, string | undefined> = {};
  for (const [scope, v] of Object.entries(p.record(json, 'permission', '$') ?? {})) {
    permission[scope] = isRecord(v) ? p.string(v, 'desc', `$.permission.${scope}`) : p.string({ v }, 'v', `$.permission.${scope}`);
  }
  return {
    pages: p.strings(json, 'pages', '$'),
    entryPagePath: p.string(json, 'entryPagePath', '$'),
    subPackages: subs.map((s, i) => ({
      root: p.string(s, 'root', `$.subPackages[${i}]`) ?? '',
      name: p.string(s, 'name', `$.subPackages[${i}]`),
      pages: p.strings(s, 'pages', `$.subPackages[${i}]`),
      independent: p.boolean(s, 'independent', `$.subPackages[${i}]`),
      plugins: Object.keys(p.record(s, 'plugins', `$.subPackages[${i}]`) ?? {}),
    })),
    permission,
    requiredPrivateInfos: p.strings(json, 'requiredPrivateInfos', '$'),
    plugins: readPlugins(p, json, subs),
    networkTimeout: {
      request: p.number(timeout, 'request', '$.networkTimeout'),
      connectSocket: p.number(timeout, 'connectSocket', '$.networkTimeout'),
      uploadFile: p.number(timeout, 'uploadFile', '$.networkTimeout'),
      downloadFile: p.number(timeout, 'downloadFile', '$.networkTimeout'),
    },
    debug: p.boolean(json, 'debug', '$'),
    navigateToMiniProgramAppIdList: p.strings(json, 'navigateToMiniProgramAppIdList', '$'),
    compiledPages: Object.keys(p.record(json, 'page', '$') ?? {}),
    problems: p.problems,
  };
}

function readPlugins(p: Picker, json: JsonRecord, subs: JsonRecord[]): MiniPlugin[] {
  const out: MiniPlugin[] = [];
  const add = (rec: JsonRecord | undefined, path: string) => {
    for (const [alias, v] of Object.entries(rec ?? {})) {
      if (!isRecord(v)) {
        p.problems.push(`${path}.${alias}: expected object`);
        continue;
      }
      out.push({ alias, provider: p.string(v, 'provider', `${path}.${alias}`), version: p.string(v, 'version', `${path}.${alias}`) });
    }
  };
  add(p.record(json, 'plugins', '$'), '$.plugins');
  subs.forEach((s, i) => add(p.record(s, 'plugins', `$.subPackages[${i}]`), `$.subPackages[${i}].plugins`));
  return out;
}

function isRecord(v: unknown): v is JsonRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
