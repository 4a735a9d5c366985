/**
 * Stage-model module.json (HarmonyOS NEXT / OpenHarmony API 9+), as packed in
 * a HAP/HSP: app-level identity, versions, API levels and the debug switch;
 * module-level type, device types, abilities and extension abilities with
 * their exported flag, permissions and skills, and permission requests with
 * reasons and scenes. Older packers wrote "srcEntrance" and "visible"; both
 * spellings are read.
 */
import { FormatError } from '@citadel/engine-core';
import { ShapeReader, isObject, parseJsonBounded, type JsonObject } from '../json-shape/index.ts';
import { readPermissionRequests, readSkills, type PermissionRequest, type Skill } from './skills.ts';

export interface StageAppInfo {
  bundleName?: string;
  vendor?: string;
  versionCode?: number;
  versionName?: string;
  minAPIVersion?: number;
  targetAPIVersion?: number;
  /** "Release", "Beta1", "Canary2" … */
  apiReleaseType?: string;
  compileSdkVersion?: string;
  compileSdkType?: string;
  debug?: boolean;
  label?: string;
  labelId?: number;
  icon?: string;
  iconId?: number;
}

export interface StageAbility {
  name: string;
  srcEntry?: string;
  label?: string;
  labelId?: number;
  description?: string;
  /** `exported` (or the older `visible`); undefined when absent, which the platform treats as false. */
  exported?: boolean;
  permissions: string[];
  skills: Skill[];
  launchType?: string;
  backgroundModes: string[];
}

export interface StageExtensionAbility extends StageAbility {
  /** form, workScheduler, inputMethod, service, accessibility, dataShare, fileShare, staticSubscriber, wallpaper, backup, window, enterpriseAdmin, … */
  type?: string;
  readPermission?: string;
  writePermission?: string;
  uri?: string;
}

export interface StageModuleInfo {
  name?: string;
  /** entry, feature, har, shared */
  type?: string;
  srcEntry?: string;
  mainElement?: string;
  deviceTypes: string[];
  deliveryWithInstall?: boolean;
  installationFree?: boolean;
  virtualMachine?: string;
  compileMode?: string;
  pages?: string;
  abilities: StageAbility[];
  extensionAbilities: StageExtensionAbility[];
  requestPermissions: PermissionRequest[];
  definePermissions: { name: string; grantMode?: string; availableLevel?: string }[];
  metadata: { name?: string; value?: string; resource?: string }[];
}

export interface StageModuleJson {
  app: StageAppInfo;
  module: StageModuleInfo;
  issues: string[];
}

export function readModuleJson(input: Uint8Array | string): StageModuleJson {
  const json = parseJsonBounded(input, 'module.json');
  if (!isObject(json)) throw new FormatError('not a JSON object', 'module.json');
  const s = new ShapeReader();
  const app = s.obj(json, 'app', '$');
  const mod = s.obj(json, 'module', '$');
  if (!app) s.issues.push('$.app: missing');
  if (!mod) s.issues.push('$.module: missing');
  return { app: readApp(s, app), module: readModule(s, mod), issues: s.issues };
}

function readApp(s: ShapeReader, a: JsonObject | undefined): StageAppInfo {
  const p = '$.app';
  return {
    bundleName: s.str(a, 'bundleName', p),
    vendor: s.str(a, 'vendor', p),
    versionCode: s.num(a, 'versionCode', p),
    versionName: s.str(a, 'versionName', p),
    minAPIVersion: s.num(a, 'minAPIVersion', p),
    targetAPIVersion: s.num(a, 'targetAPIVersion', p),
    apiReleaseType: s.str(a, 'apiReleaseType', p),
    compileSdkVersion: s.str(a, 'compileSdkVersion', p),
    compileSdkType: s.str(a, 'compileSdkType', p),
    debug: s.bool(a, 'debug', p),
    label: s.str(a, 'label', p),
    labelId: s.num(a, 'labelId', p),
    icon: s.str(a, 'icon', p),
    iconId: s.num(a, 'iconId', p),
  };
}

function readAbility(s: ShapeReader, ab: JsonObject, p: string): StageAbility {
  const name = s.str(ab, 'name', p);
  if (!name) s.issues.push(`${p}: ability without a name`);
  return {
    name: name ?? '',
    srcEntry: s.str(ab, 'srcEntry', p) ?? s.str(ab, 'srcEntrance', p),
    label: s.str(ab, 'label', p),
    labelId: s.num(ab, 'labelId', p),
    description: s.str(ab, 'description', p),
    exported: s.bool(ab, 'exported', p) ?? s.bool(ab, 'visible', p),
    permissions: s.strs(ab, 'permissions', p),
    skills: readSkills(s, ab, p),
    launchType: s.str(ab, 'launchType', p),
    backgroundModes: s.strs(ab, 'backgroundModes', p),
  };
}

function readModule(s: ShapeReader, m: JsonObject | undefined): StageModuleInfo {
  const p = '$.module';
  return {
    name: s.str(m, 'name', p),
    type: s.str(m, 'type', p),
    srcEntry: s.str(m, 'srcEntry', p) ?? s.str(m, 'srcEntrance', p),
    mainElement: s.str(m, 'mainElement', p),
    deviceTypes: s.strs(m, 'deviceTypes', p),
    deliveryWithInstall: s.bool(m, 'deliveryWithInstall', p),
    installationFree: s.bool(m, 'installationFree', p),
    virtualMachine: s.str(m, 'virtualMachine', p),
    compileMode: s.str(m, 'compileMode', p),
    pages: s.str(m, 'pages', p),
    abilities: s.objs(m, 'abilities', p).map((ab, i) => readAbility(s, ab, `${p}.abilities[${i}]`)),
    extensionAbilities: s.objs(m, 'extensionAbilities', p).map((ab, i) => {
      const q = `${p}.extensionAbilities[${i}]`;
      return {
        ...readAbility(s, ab, q),
        type: s.str(ab, 'type', q),
        readPermission: s.str(ab, 'readPermission', q),
        writePermission: s.str(ab, 'writePermission', q),
        uri: s.str(ab, 'uri', q),
      };
    }),
    requestPermissions: readPermissionRequests(s, m, 'requestPermissions', p),
    definePermissions: s.objs(m, 'definePermissions', p).map((d, i) => {
      const q = `${p}.definePermissions[${i}]`;
      return { name: s.str(d, 'name', q) ?? '', grantMode: s.str(d, 'grantMode', q), availableLevel: s.str(d, 'availableLevel', q) };
    }),
    metadata: s.objs(m, 'metadata', p).map((d, i) => {
      const q = `${p}.metadata[${i}]`;
      return { name: s.str(d, 'name', q), value: s.str(d, 'value', q), resource: s.str(d, 'resource', q) };
    }),
  };
}
