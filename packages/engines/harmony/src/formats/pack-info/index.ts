/**
 * pack.info: the summary an .app bundle (and each HAP) carries of its app
 * and modules — bundle name, version, and per module its name, type, device
 * types, main ability and API versions — plus the list of packages (the .hap
 * and .hsp files inside an .app).
 */
import { FormatError } from '@citadel/engine-core';
import { ShapeReader, isObject, parseJsonBounded } from '../json-shape/index.ts';

export interface PackInfo {
  bundleName?: string;
  versionCode?: number;
  versionName?: string;
  modules: {
    name?: string;
    /** entry, feature, shared */
    moduleType?: string;
    mainAbility?: string;
    deviceTypes: string[];
    abilities: { name?: string; label?: string }[];
    apiCompatible?: number;
    apiTarget?: number;
    apiReleaseType?: string;
    installationFree?: boolean;
    deliveryWithInstall?: boolean;
  }[];
  /** Package names without extension, e.g. "entry-default". */
  packages: { name?: string; moduleType?: string; deviceTypes: string[]; deliveryWithInstall?: boolean }[];
  issues: string[];
}

export function readPackInfo(input: Uint8Array | string): PackInfo {
  const json = parseJsonBounded(input, 'pack.info');
  if (!isObject(json)) throw new FormatError('not a JSON object', 'pack.info');
  const s = new ShapeReader();
  const summary = s.obj(json, 'summary', '$');
  const app = s.obj(summary, 'app', '$.summary');
  const version = s.obj(app, 'version', '$.summary.app');
  return {
    bundleName: s.str(app, 'bundleName', '$.summary.app'),
    versionCode: s.num(version, 'code', '$.summary.app.version'),
    versionName: s.str(version, 'name', '$.summary.app.version'),
    modules: s.objs(summary, 'modules', '$.summary').map((m, i) => {
      const p = `$.summary.modules[${i}]`;
      const distro = s.obj(m, 'distro', p);
      const api = s.obj(m, 'apiVersion', p);
      return {
        name: s.str(distro, 'moduleName', `${p}.distro`),
        moduleType: s.str(distro, 'moduleType', `${p}.distro`),
        mainAbility: s.str(m, 'mainAbility', p),
        deviceTypes: s.strs(m, 'deviceType', p),
        abilities: s.objs(m, 'abilities', p).map((a, j) => ({ name: s.str(a, 'name', `${p}.abilities[${j}]`), label: s.str(a, 'label', `${p}.abilities[${j}]`) })),
        apiCompatible: s.num(api, 'compatible', `${p}.apiVersion`),
        apiTarget: s.num(api, 'target', `${p}.apiVersion`),
        apiReleaseType: s.str(api, 'releaseType', `${p}.apiVersion`),
        installationFree: s.bool(distro, 'installationFree', `${p}.distro`),
        deliveryWithInstall: s.bool(distro, 'deliveryWithInstall', `${p}.distro`),
      };
    }),
    packages: s.objs(json, 'packages', '$').map((pk, i) => {
      const p = `$.packages[${i}]`;
      return { name: s.str(pk, 'name', p), moduleType: s.str(pk, 'moduleType', p), deviceTypes: s.strs(pk, 'deviceType', p), deliveryWithInstall: s.bool(pk, 'deliveryWithInstall', p) };
    }),
    issues: s.issues,
  };
}
