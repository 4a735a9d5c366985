/**
 * WeChat input: plain .wxapkg packages and the PC client's V1MMWX-encrypted
 * ones (decrypted with the app id from the task parameters, or from an
 * "wx…" id in the file name as the PC client stores it). A missing or wrong
 * app id, or a package that is not a wxapkg, is an EngineInputError with
 * the reader's clear message.
 */
import { EngineInputError, FormatError } from '@citadel/engine-core';
import { decryptPcWxapkg, isPcEncryptedWxapkg, parseWxapkg, wxapkgEntryData } from '../formats/index.ts';
import type { ProjectCollector } from './collect.ts';
import type { PackageInfo } from './model.ts';

const APP_ID_IN_NAME = /(?<![0-9a-z])wx[0-9a-f]{16}(?![0-9a-z])/i;

export function appIdFromName(name: string): string | undefined {
  return APP_ID_IN_NAME.exec(name)?.[0]?.toLowerCase();
}

/** Unpacks one wxapkg (decrypting it first when needed); returns what the package is. */
export function readWechatPackage(fileName: string, bytes: Uint8Array, appId: string | undefined, c: ProjectCollector): Omit<PackageInfo, 'size' | 'md5' | 'sha1' | 'sha256'> {
  let plain = bytes;
  let format: PackageInfo['format'] = 'wxapkg';
  if (isPcEncryptedWxapkg(bytes)) {
    format = 'wxapkg-pc';
    const id = appId ?? appIdFromName(fileName);
    try {
      plain = decryptPcWxapkg(bytes, id);
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      throw new EngineInputError(id ? 'encrypted' : 'missing_parameter', `${fileName}: ${msg}`);
    }
    if (id) c.project.appId ??= id;
  }
  let pkg;
  try {
    pkg = parseWxapkg(plain);
  } catch (e) {
    if (e instanceof FormatError) throw new EngineInputError('corrupt', `${fileName}: ${e.message}`);
    throw e;
  }
  for (const w of pkg.warnings.slice(0, 100)) c.project.anomalies.push({ file: fileName, detail: w });
  let main = false;
  for (const entry of pkg.entries) {
    if (entry.nameIssues.length > 0) c.project.anomalies.push({ file: fileName, detail: `entry ${JSON.stringify(entry.name.slice(0, 200))}: unsafe name (${entry.nameIssues.join(', ')})` });
    if (/^(?:app-config|app|game)\.json$/.test(entry.path) || entry.path === 'app-service.js') main = true;
    c.add(fileName, entry.path, wxapkgEntryData(plain, entry));
  }
  return { fileName, format, role: main ? 'main' : 'sub', entryCount: pkg.entries.length };
}
