/**
 * Test inputs built in code: WeChat packages (app-config.json plus an
 * app-service.js bundle of define()d modules, laid out by the suite's
 * wxapkg packer, optionally PC-encrypted), Alipay .amr (ZIP) and tar
 * packages, written to temp files and assessed with the engine.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Assessment, Finding, ItemResult } from '@citadel/contracts';
import { type EngineOptions, buildZip } from '@citadel/engine-core';
import { buildTar } from '@citadel/engine-core/testing';
import { engine } from '../engine.ts';
import { type PackFile, encryptPcWxapkg, packWxapkg } from '../formats/test-utils/wxapkg-packer.ts';

export interface WechatSpec {
  /** app-config.json content (object → JSON); omitted: none. */
  appConfig?: Record<string, unknown> | string;
  /** Module path → code, wrapped as define("path", function(require, module, exports, …){ code }) in app-service.js. */
  modules?: Record<string, string>;
  /** Other files, as stored (names start with "/"). */
  files?: PackFile[];
  /** Where the bundle goes (a sub-package puts it under its root). */
  bundleName?: string;
}

export function appServiceBundle(modules: Record<string, string>): string {
  const parts = ['var __wxAppData = __wxAppData || {}; var __wxRoute; var __wxRouteBegin;'];
  for (const [path, code] of Object.entries(modules)) {
    parts.push(`define("${path}", function(require, module, exports, window, document, frames, self, location, navigator, localStorage, history, Caches, screen, alert, confirm, prompt, XMLHttpRequest, WebSocket, Reporter, webkit, WeixinJSCore){ "use strict";\n${code}\n});`);
  }
  parts.push('require("app.js");');
  return parts.join('\n');
}

export function wechatPackage(spec: WechatSpec): Uint8Array {
  const files: PackFile[] = [];
  if (spec.appConfig !== undefined) files.push({ name: '/app-config.json', data: typeof spec.appConfig === 'string' ? spec.appConfig : JSON.stringify(spec.appConfig) });
  if (spec.modules) files.push({ name: `/${spec.bundleName ?? 'app-service.js'}`, data: appServiceBundle(spec.modules) });
  files.push(...(spec.files ?? []));
  return packWxapkg(files);
}

export function encryptedWechatPackage(spec: WechatSpec, appId: string): Uint8Array {
  let plain = wechatPackage(spec);
  if (plain.length < 1023) plain = wechatPackage({ ...spec, files: [...(spec.files ?? []), { name: '/padding.txt', data: ' '.repeat(1100) }] });
  return encryptPcWxapkg(plain, appId);
}

export function alipayAmr(files: Record<string, string | Buffer>): Buffer {
  return buildZip(Object.entries(files).map(([name, data]) => ({ name, data })));
}

/** An Alipay tar package (ustar, regular files only), optionally gzipped. */
export function alipayTar(files: Record<string, string | Buffer>, gzip = false): Buffer {
  return buildTar(Object.entries(files).map(([name, data]) => ({ name, data })), { gzip });
}

let dir: string | undefined;
let counter = 0;

export function tempFile(bytes: Uint8Array, name: string): string {
  dir ??= mkdtempSync(join(tmpdir(), 'citadel-miniprogram-'));
  const path = join(dir, `${counter++}-${name}`);
  writeFileSync(path, bytes);
  return path;
}

export interface InputSpec {
  name: string;
  bytes: Uint8Array;
}

export function assessFiles(files: InputSpec[], options: EngineOptions = {}): Promise<Assessment> {
  return engine.run({ files: files.map((f) => ({ path: tempFile(f.bytes, f.name), name: f.name })) }, options, { now: () => new Date('2026-01-01T00:00:00Z') });
}

export function assessWechat(spec: WechatSpec, options: EngineOptions = {}): Promise<Assessment> {
  return assessFiles([{ name: '__APP__.wxapkg', bytes: wechatPackage(spec) }], options);
}

export function row(a: Assessment, id: string): Finding {
  const f = a.findings.find((x) => x.ruleId === id);
  if (!f) throw new Error(`no row ${id}`);
  return f;
}

export function result(a: Assessment, id: string): ItemResult {
  return row(a, id).result;
}

/** The details of a row's evidence, for compact assertions. */
export function details(a: Assessment, id: string): string[] {
  return row(a, id).evidence.map((e) => e.detail ?? '');
}
