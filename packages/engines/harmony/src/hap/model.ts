/**
 * The parsed package every check reads, built once by openHarmonyPackage():
 * a single HAP/HSP, or an .app bundle with its pack.info and every HAP/HSP
 * inside, each as a HarmonyModule (manifest, resources, ABC files, DEX
 * strings and class names, native libraries, signing block, text files).
 */
import type { DexFile } from '@citadel/engine-android';
import type { ZipArchive } from '@citadel/engine-core';
import type { AbcFile, FaConfigJson, HapSignatureInfo, PackInfo, ResourceIndex, StageModuleJson } from '../formats/index.ts';

export type PackageKind = 'hap' | 'hsp' | 'app';
export type AppModel = 'stage' | 'fa';

export interface NativeLib {
  /** Entry path inside the module, e.g. libs/arm64-v8a/libfoo.so. */
  path: string;
  abi: string;
  size: number;
}

export interface DexInfo {
  path: string;
  /** The parsed DEX files (several in a v41 container), for the Android engine's code checks. */
  files: DexFile[];
  strings: string[];
  classNames: string[];
}

export interface TextFile {
  path: string;
  text: string;
}

export interface NetworkConfig {
  file: string;
  /** cleartextTrafficPermitted of the base config. */
  cleartext?: boolean;
  /** Domains of domain configs that permit cleartext. */
  cleartextDomains: string[];
}

export interface HarmonyModule {
  /** Name of the HAP/HSP inside an .app ("entry-default.hap"), or the uploaded file's name. */
  name: string;
  /** Prefix of evidence paths: "entry-default.hap/" inside an .app, "" for a single HAP. */
  prefix: string;
  model?: AppModel;
  stage?: StageModuleJson;
  fa?: FaConfigJson;
  packInfo?: PackInfo;
  resources?: ResourceIndex;
  abc: { path: string; file: AbcFile }[];
  dex: DexInfo[];
  nativeLibs: NativeLib[];
  textFiles: TextFile[];
  networkConfig?: NetworkConfig;
  signature?: HapSignatureInfo;
  /** Why the signing block could not be read, when it could not. */
  signatureError?: string;
  zip: ZipArchive;
  entryNames: string[];
  size: number;
}

export interface HarmonyPackage {
  kind: PackageKind;
  fileName: string;
  size: number;
  hashes: { md5: string; sha1: string; sha256: string };
  /** The .app's own pack.info (a single HAP's is on its module). */
  packInfo?: PackInfo;
  modules: HarmonyModule[];
  /** Stage when any module has module.json, FA when all read ones have config.json. */
  model?: AppModel;
  anomalies: { file: string; detail: string }[];
  unreadable: { file: string; reason: string }[];
  close(): Promise<void>;
}

/** The first module's app-level facts: bundle name, versions, API levels, debug. */
export interface AppFacts {
  bundleName?: string;
  versionName?: string;
  versionCode?: number;
  minApi?: number;
  targetApi?: number;
  label?: string;
  labelId?: number;
}

export function appFacts(m: HarmonyModule): AppFacts {
  if (m.stage) {
    const a = m.stage.app;
    return { bundleName: a.bundleName, versionName: a.versionName, versionCode: a.versionCode, minApi: a.minAPIVersion, targetApi: a.targetAPIVersion, label: a.label, labelId: a.labelId };
  }
  if (m.fa) {
    const a = m.fa.app;
    const main = m.fa.module.abilities.find((ab) => ab.name === m.fa!.module.mainAbility || m.fa!.module.mainAbility?.endsWith(ab.name.replace(/^\./, ''))) ?? m.fa.module.abilities[0];
    return { bundleName: a.bundleName, versionName: a.versionName, versionCode: a.versionCode, minApi: a.apiCompatible, targetApi: a.apiTarget, label: main?.label };
  }
  return {};
}
