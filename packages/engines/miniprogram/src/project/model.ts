/**
 * The logical mini-program project the checks read: every input package
 * (main and sub-packages, WeChat or Alipay) unpacked into one list of files
 * with line-addressable text, bundles split back into their modules, and the
 * app configuration. Built once by openProject(); checks never touch archives.
 */
import type { MiniAppConfig } from '../formats/index.ts';
import type { JsonRecord } from '../formats/index.ts';

export type MiniPlatform = 'miniprogram' | 'alipay_miniprogram';

export type FileRole = 'script' | 'template' | 'style' | 'config' | 'source-map' | 'other';

export interface ProjectFile {
  /** Project-relative path: the module path for code split out of a bundle. */
  path: string;
  /** The input package it came from (its file name). */
  pkg: string;
  /** The bundle it was cut from ("app-service.js"), when it was. */
  bundle?: string;
  role: FileRole;
  size: number;
  /** Text of script, template, style, config and source-map files; at most MAX_TEXT_CHARS. */
  text?: string;
  /** Only a prefix of the file is in `text`. */
  truncated: boolean;
}

export interface PackageInfo {
  fileName: string;
  format: 'wxapkg' | 'wxapkg-pc' | 'amr' | 'zip' | 'tar';
  /** main: holds the app configuration; sub: a sub-package. */
  role: 'main' | 'sub';
  size: number;
  md5: string;
  sha1: string;
  sha256: string;
  entryCount: number;
}

export interface MiniProject {
  platform: MiniPlatform;
  packages: PackageInfo[];
  files: ProjectFile[];
  appConfig?: MiniAppConfig;
  appConfigPath?: string;
  /** project.config.json (WeChat) or mini.project.json (Alipay), when shipped. */
  projectConfig?: JsonRecord;
  projectConfigPath?: string;
  /** The app id used to decrypt a PC package, or found in the project configuration or file names. */
  appId?: string;
  /** Oddities of the containers: unsafe names, duplicate names, trailing bytes. */
  anomalies: { file: string; detail: string }[];
  unreadable: { file: string; reason: string }[];
}

/** Longest text kept per file: larger files are analysed on this prefix (reported as unreadable in part). */
export const MAX_TEXT_CHARS = 16 << 20;
/** Most text kept over the whole project. */
export const MAX_TOTAL_TEXT_CHARS = 512 << 20;
/** Largest input package read. */
export const MAX_PACKAGE_BYTES = 512 << 20;
/** Most files kept per project. */
export const MAX_FILES = 50_000;

const ROLE_BY_EXT: Record<string, FileRole> = {
  js: 'script',
  mjs: 'script',
  cjs: 'script',
  ts: 'script',
  wxs: 'script',
  sjs: 'script',
  html: 'template',
  htm: 'template',
  wxml: 'template',
  axml: 'template',
  wxss: 'style',
  acss: 'style',
  css: 'style',
  less: 'style',
  json: 'config',
  map: 'source-map',
};

export function roleOf(path: string): FileRole {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return ROLE_BY_EXT[ext] ?? 'other';
}
