/**
 * FA-model config.json (classic HarmonyOS, API ≤ 8): app identity and
 * versions, deviceConfig per device type (network.cleartextTraffic and
 * securityConfig.domainSettings, debug, process), module with abilities
 * (type page/service/data/form, `visible`, permissions, skills, uri) and
 * reqPermissions with reason and usedScene.
 */
import { FormatError } from '@citadel/engine-core';
import { ShapeReader, isObject, parseJsonBounded, type JsonObject } from '../json-shape/index.ts';
import { readPermissionRequests, readSkills, type PermissionRequest, type Skill } from '../module-json/skills.ts';

export interface FaNetworkConfig {
  cleartextTraffic?: boolean;
  securityConfig?: {
    domainSettings?: { cleartextPermitted?: boolean; domains: { name: string; subdomains?: boolean }[] };
  };
}

export interface FaDeviceConfig {
  network?: FaNetworkConfig;
  debug?: boolean;
  process?: string;
  keepAlive?: boolean;
}

export interface FaAbility {
  name: string;
  /** page, service, data, form */
  type?: string;
  /** Whether other apps may start it: FA's counterpart of `exported`. */
  visible?: boolean;
  permissions: string[];
  skills: Skill[];
  uri?: string;
  readPermission?: string;
  writePermission?: string;
  launchType?: string;
  label?: string;
  srcPath?: string;
}

export interface FaConfigJson {
  app: {
    bundleName?: string;
    vendor?: string;
    versionCode?: number;
    versionName?: string;
    minCompatibleVersionCode?: number;
    apiCompatible?: number;
    apiTarget?: number;
    apiReleaseType?: string;
  };
  /** By device type: "default", "phone", "tablet", … */
  deviceConfig: Record<string, FaDeviceConfig>;
  module: {
    package?: string;
    name?: string;
    mainAbility?: string;
    deviceType: string[];
    moduleType?: string;
    moduleName?: string;
    abilities: FaAbility[];
    reqPermissions: PermissionRequest[];
    defPermissions: { name: string; grantMode?: string; availableScope: string[] }[];
  };
  issues: string[];
}

export function readConfigJson(input: Uint8Array | string): FaConfigJson {
  const json = parseJsonBounded(input, 'config.json');
  if (!isObject(json)) throw new FormatError('not a JSON object', 'config.json');
  const s = new ShapeReader();
  const app = s.obj(json, 'app', '$');
  const mod = s.obj(json, 'module', '$');
  if (!app) s.issues.push('$.app: missing');
  if (!mod) s.issues.push('$.module: missing');
  const version = s.obj(app, 'version', '$.app');
  const api = s.obj(app, 'apiVersion', '$.app');
  const distro = s.obj(mod, 'distro', '$.module');

  const deviceConfig: Record<string, FaDeviceConfig> = {};
  const dc = s.obj(json, 'deviceConfig', '$');
  for (const [device, value] of Object.entries(dc ?? {})) {
    const p = `$.deviceConfig.${device}`;
    if (!isObject(value)) {
      s.issues.push(`${p}: expected object`);
      continue;
    }
    deviceConfig[device] = {
      network: readNetwork(s, s.obj(value, 'network', p), `${p}.network`),
      debug: s.bool(value, 'debug', p),
      process: s.str(value, 'process', p),
      keepAlive: s.bool(value, 'keepAlive', p),
    };
  }

  return {
    app: {
      bundleName: s.str(app, 'bundleName', '$.app'),
      vendor: s.str(app, 'vendor', '$.app'),
      versionCode: s.num(version, 'code', '$.app.version'),
      versionName: s.str(version, 'name', '$.app.version'),
      minCompatibleVersionCode: s.num(version, 'minCompatibleVersionCode', '$.app.version'),
      apiCompatible: s.num(api, 'compatible', '$.app.apiVersion'),
      apiTarget: s.num(api, 'target', '$.app.apiVersion'),
      apiReleaseType: s.str(api, 'releaseType', '$.app.apiVersion'),
    },
    deviceConfig,
    module: {
      package: s.str(mod, 'package', '$.module'),
      name: s.str(mod, 'name', '$.module'),
      mainAbility: s.str(mod, 'mainAbility', '$.module'),
      deviceType: s.strs(mod, 'deviceType', '$.module'),
      moduleType: s.str(distro, 'moduleType', '$.module.distro'),
      moduleName: s.str(distro, 'moduleName', '$.module.distro'),
      abilities: s.objs(mod, 'abilities', '$.module').map((ab, i) => readAbility(s, ab, `$.module.abilities[${i}]`)),
      reqPermissions: readPermissionRequests(s, mod, 'reqPermissions', '$.module'),
      defPermissions: s.objs(mod, 'defPermissions', '$.module').map((d, i) => {
        const q = `$.module.defPermissions[${i}]`;
        return { name: s.str(d, 'name', q) ?? '', grantMode: s.str(d, 'grantMode', q), availableScope: s.strs(d, 'availableScope', q) };
      }),
    },
    issues: s.issues,
  };
}

function readNetwork(s: ShapeReader, n: JsonObject | undefined, p: string): FaNetworkConfig | undefined {
  if (!n) return undefined;
  const sec = s.obj(n, 'securityConfig', p);
  const ds = s.obj(sec, 'domainSettings', `${p}.securityConfig`);
  const q = `${p}.securityConfig.domainSettings`;
  return {
    cleartextTraffic: s.bool(n, 'cleartextTraffic', p),
    securityConfig: sec && {
      domainSettings: ds && {
        cleartextPermitted: s.bool(ds, 'cleartextPermitted', q),
        domains: s.objs(ds, 'domains', q).map((d, i) => ({ name: s.str(d, 'name', `${q}.domains[${i}]`) ?? '', subdomains: s.bool(d, 'subdomains', `${q}.domains[${i}]`) })),
      },
    },
  };
}

function readAbility(s: ShapeReader, ab: JsonObject, p: string): FaAbility {
  const name = s.str(ab, 'name', p);
  if (!name) s.issues.push(`${p}: ability without a name`);
  return {
    name: name ?? '',
    type: s.str(ab, 'type', p),
    visible: s.bool(ab, 'visible', p),
    permissions: s.strs(ab, 'permissions', p),
    skills: readSkills(s, ab, p),
    uri: s.str(ab, 'uri', p),
    readPermission: s.str(ab, 'readPermission', p),
    writePermission: s.str(ab, 'writePermission', p),
    launchType: s.str(ab, 'launchType', p),
    label: s.str(ab, 'label', p),
    srcPath: s.str(ab, 'srcPath', p),
  };
}
