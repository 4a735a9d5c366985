/**
 * From the task's input files to one MiniProject: recognises each file
 * (wxapkg plain or PC-encrypted, Alipay .amr/zip, tar/tar.gz), hashes it,
 * unpacks it through the bounded readers, and reads the app and project
 * configuration. A main package and its sub-packages are one project.
 */
import { readFile, stat } from 'node:fs/promises';
import { EngineInputError, type InputFile, chunkHashes, fileHashes, readHead } from '@citadel/engine-core';
import { PC_WXAPKG_MAGIC, readAlipayAppJson, readAppConfig, readJsonRecord } from '../formats/index.ts';
import { readAlipayTar, readAlipayZip } from './alipay.ts';
import { ProjectCollector } from './collect.ts';
import { MAX_PACKAGE_BYTES, type MiniPlatform, type MiniProject } from './model.ts';
import { appIdFromName, readWechatPackage } from './wechat.ts';

export type InputKind = 'wxapkg' | 'alipay-zip' | 'alipay-tar';

const ALIPAY_HINT = /alipay|mini|^\d{16}\b|\.amr$/i;

/** What a file is, by its first bytes and name; undefined when this engine does not take it. */
export function detectInput(name: string, head: Uint8Array): InputKind | undefined {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (head.length >= 14 && head[0] === 0xbe && head[13] === 0xed) return 'wxapkg';
  if (head.length >= 6 && Buffer.from(head.subarray(0, 6)).toString('latin1') === PC_WXAPKG_MAGIC) return 'wxapkg';
  const zip = head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4;
  if (zip && (/\.amr$/i.test(base) || (/\.zip$/i.test(base) && ALIPAY_HINT.test(base)))) return 'alipay-zip';
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  const ustar = head.length >= 262 && Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar';
  if ((gzip || ustar) && /\.(?:tar|tgz|tar\.gz)$/i.test(base) && ALIPAY_HINT.test(base)) return 'alipay-tar';
  return undefined;
}

/** A ZIP (.amr/.zip) or tar (plain or gzip) container by its first bytes alone. */
export function detectAlipayContainer(head: Uint8Array): InputKind | undefined {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) return 'alipay-zip';
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'alipay-tar';
  if (head.length >= 262 && Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar') return 'alipay-tar';
  return undefined;
}

export interface OpenOptions {
  platform?: MiniPlatform;
  appId?: string;
  signal?: AbortSignal;
}

export async function openProject(files: readonly InputFile[], o: OpenOptions = {}): Promise<MiniProject> {
  if (files.length === 0) throw new EngineInputError('unsupported_format', 'no input file');
  const kinds: InputKind[] = [];
  for (const f of files) {
    const head = await readHead(f.path);
    // A task on the Alipay platform says what the package is: a zip or tar needs no name hint then.
    const kind = detectInput(f.name, head) ?? (o.platform === 'alipay_miniprogram' ? detectAlipayContainer(head) : undefined);
    if (!kind) throw new EngineInputError('unsupported_format', `${f.name}: not a WeChat .wxapkg package or an Alipay .amr / zip / tar package`);
    kinds.push(kind);
  }
  const wechat = kinds.filter((k) => k === 'wxapkg').length;
  if (wechat > 0 && wechat < kinds.length) throw new EngineInputError('unsupported_format', 'WeChat and Alipay packages cannot be assessed together');
  const platform: MiniPlatform = o.platform ?? (wechat > 0 ? 'miniprogram' : 'alipay_miniprogram');
  const project: MiniProject = { platform, packages: [], files: [], anomalies: [], unreadable: [] };
  const c = new ProjectCollector(project);
  const appId = o.appId?.trim() || undefined;

  for (const [i, f] of files.entries()) {
    o.signal?.throwIfAborted();
    const size = (await stat(f.path)).size;
    if (size > MAX_PACKAGE_BYTES) throw new EngineInputError('too_large', `${f.name}: ${size} bytes is over the ${MAX_PACKAGE_BYTES}-byte package limit`);
    if (kinds[i] === 'wxapkg') {
      const bytes = await readFile(f.path);
      const info = readWechatPackage(f.name, bytes, appId, c);
      project.packages.push({ ...info, size, ...chunkHashes([bytes]) });
    } else {
      const digest = await fileHashes(f.path);
      const info = kinds[i] === 'alipay-zip' ? await readAlipayZip(f.name, f.path, c, o.signal) : await readAlipayTar(f.name, f.path, c, o.signal);
      project.packages.push({ ...info, size, ...digest });
    }
  }
  project.packages.sort((a, b) => (a.role === b.role ? 0 : a.role === 'main' ? -1 : 1));
  readConfiguration(project);
  project.appId ??= appId ?? files.map((f) => appIdFromName(f.name)).find((x) => x !== undefined);
  return project;
}

function readConfiguration(p: MiniProject): void {
  const byPath = new Map(p.files.filter((f) => f.text !== undefined).map((f) => [f.path, f]));
  const wechat = p.platform === 'miniprogram';
  for (const path of wechat ? ['app-config.json', 'app.json'] : ['app.json', 'client/app.json', 'src/app.json']) {
    const f = byPath.get(path);
    if (!f?.text) continue;
    try {
      p.appConfig = wechat ? readAppConfig(f.text, path) : readAlipayAppJson(f.text);
      p.appConfigPath = path;
      for (const problem of p.appConfig.problems.slice(0, 50)) p.anomalies.push({ file: path, detail: problem });
      break;
    } catch (e) {
      p.unreadable.push({ file: path, reason: (e as Error).message });
    }
  }
  const configPath = wechat ? 'project.config.json' : 'mini.project.json';
  const cfg = byPath.get(configPath);
  if (cfg?.text) {
    try {
      p.projectConfig = readJsonRecord(cfg.text, configPath);
      p.projectConfigPath = configPath;
      const id = p.projectConfig.appid;
      if (typeof id === 'string' && /^[\w-]{1,64}$/.test(id)) p.appId ??= id;
    } catch (e) {
      p.unreadable.push({ file: configPath, reason: (e as Error).message });
    }
  }
}
