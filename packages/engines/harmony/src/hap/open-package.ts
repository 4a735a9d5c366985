/**
 * Opens a HarmonyOS package safely and builds the HarmonyPackage once: the
 * ZIP under the archive limits; a single HAP/HSP (module.json or config.json
 * at its root) or an .app bundle (pack.info and .hap/.hsp entries, each
 * opened from memory under a size cap); per module the manifest, pack.info,
 * resources.index, every .abc, DEX strings and class names (FA packages that
 * still carry Java code), native libraries, text files and the signing
 * block. A file that is not a HarmonyOS package is an EngineInputError; a
 * part that cannot be read is listed in `unreadable` and the rest assessed.
 */
import { stat } from 'node:fs/promises';
import { parseDexContainer } from '@citadel/engine-android';
import { ArchiveLimitError, EngineInputError, FormatError, ZipArchive, fileHashes } from '@citadel/engine-core';
import { isObject, parseAbc, parseJsonBounded, parseResourcesIndex, readConfigJson, readHapSignature, readModuleJson, readPackInfo } from '../formats/index.ts';
import type { HarmonyModule, HarmonyPackage, NetworkConfig, PackageKind } from './model.ts';

export interface OpenLimits {
  /** Bytes of one HAP/HSP inside an .app read into memory. */
  maxNestedBytes: number;
  /** Bytes of one .abc or .dex file. */
  maxCodeBytes: number;
  /** Modules of an .app assessed (the rest are listed as unreadable). */
  maxModules: number;
  maxTextFiles: number;
  maxTextFileBytes: number;
}

export const DEFAULT_OPEN_LIMITS: OpenLimits = { maxNestedBytes: 512 << 20, maxCodeBytes: 128 << 20, maxModules: 64, maxTextFiles: 300, maxTextFileBytes: 2 << 20 };

const TOLERATED_ANOMALIES = new Set(['trailing-bytes', 'declared-ratio']);
const MODULE_FILE = /^[^/]+\.(?:hap|hsp)$/i;
const TEXT_FILE = /^(?:resources\/(?:rawfile|base\/profile)\/.+|assets\/.+|js\/.+)\.(?:json|xml|txt|properties|js|mjs|html?|cfg|conf|ini|ya?ml|csv|env)$/i;
const DEX_FILE = /(?:^|\/)classes\d*\.dex$/;
const MAX_DEX_STRINGS = 1_000_000;
const NATIVE_LIB = /^libs\/([^/]+)\/[^/]+\.so(?:\.\d+)*$/;

export function kindFromName(name: string): PackageKind | undefined {
  const m = /\.(hap|hsp|app)$/i.exec(name);
  return m ? (m[1]!.toLowerCase() as PackageKind) : undefined;
}

export async function openHarmonyPackage(path: string, fileName: string, signal?: AbortSignal, limits: OpenLimits = DEFAULT_OPEN_LIMITS): Promise<HarmonyPackage> {
  const size = (await stat(path)).size;
  const outer = await openArchive(path, fileName);
  const toClose: ZipArchive[] = [outer];
  const pkg: HarmonyPackage = {
    kind: 'hap',
    fileName,
    size,
    hashes: { md5: '', sha1: '', sha256: '' },
    modules: [],
    anomalies: [],
    unreadable: [],
    close: async () => {
      for (const z of toClose) await z.close();
    },
  };
  try {
    const names = new Set(outer.entries.map((e) => e.name));
    const single = names.has('module.json') || names.has('config.json');
    const nested = outer.entries.filter((e) => !e.isDirectory && MODULE_FILE.test(e.name));
    if (!single && nested.length === 0) throw new EngineInputError('unsupported_format', `${fileName} is a ZIP archive but not a HarmonyOS package (no module.json, config.json or .hap/.hsp modules)`);
    pkg.hashes = await fileHashes(path, signal);
    noteAnomalies(pkg, outer, '');
    if (single) {
      pkg.kind = kindFromName(fileName) === 'hsp' ? 'hsp' : 'hap';
      pkg.modules.push(await readModule(pkg, outer, fileName, '', size, limits, signal));
    } else {
      pkg.kind = 'app';
      if (names.has('pack.info')) await attempt(pkg, 'pack.info', async () => (pkg.packInfo = readPackInfo(await outer.read('pack.info', { maxBytes: 8 << 20 }))));
      for (const [i, e] of nested.entries()) {
        signal?.throwIfAborted();
        if (i >= limits.maxModules) {
          pkg.unreadable.push({ file: e.name, reason: `more than ${limits.maxModules} modules in the bundle; not assessed` });
          continue;
        }
        let zip: ZipArchive;
        try {
          zip = await ZipArchive.open(await outer.read(e, { maxBytes: limits.maxNestedBytes }));
        } catch (err) {
          if (!(err instanceof FormatError)) throw err;
          pkg.unreadable.push({ file: e.name, reason: err.message });
          continue;
        }
        toClose.push(zip);
        noteAnomalies(pkg, zip, `${e.name}/`);
        pkg.modules.push(await readModule(pkg, zip, e.name, `${e.name}/`, e.uncompressedSize, limits, signal));
      }
      if (pkg.modules.length === 0) throw new EngineInputError('corrupt', `${fileName}: none of its ${nested.length} modules could be opened`);
    }
    pkg.model = pkg.modules.some((m) => m.model === 'stage') ? 'stage' : pkg.modules.some((m) => m.model === 'fa') ? 'fa' : undefined;
    return pkg;
  } catch (e) {
    await pkg.close();
    throw e;
  }
}

async function openArchive(path: string, fileName: string): Promise<ZipArchive> {
  try {
    return await ZipArchive.open(path);
  } catch (e) {
    if (e instanceof ArchiveLimitError) throw new EngineInputError('too_large', `${fileName}: ${e.message}`);
    if (e instanceof FormatError) throw new EngineInputError('unsupported_format', `${fileName} is not a readable ZIP archive: ${e.message}`);
    throw e;
  }
}

function noteAnomalies(pkg: HarmonyPackage, zip: ZipArchive, prefix: string): void {
  for (const a of zip.anomalies) if (!TOLERATED_ANOMALIES.has(a.kind) && pkg.anomalies.length < 500) pkg.anomalies.push({ file: `${prefix}${a.entries?.[0] ?? ''}`, detail: `${a.kind}: ${a.detail}` });
}

/** Runs one reading step; a FormatError marks `file` unreadable instead of ending the assessment. */
async function attempt(pkg: HarmonyPackage, file: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    pkg.unreadable.push({ file, reason: e.message });
  }
}

async function readModule(pkg: HarmonyPackage, zip: ZipArchive, name: string, prefix: string, size: number, limits: OpenLimits, signal?: AbortSignal): Promise<HarmonyModule> {
  const m: HarmonyModule = { name, prefix, abc: [], dex: [], nativeLibs: [], textFiles: [], zip, entryNames: zip.entries.map((e) => e.name), size };
  const read = (entry: string, maxBytes: number) => zip.read(entry, { maxBytes });
  const has = (entry: string) => zip.getEntry(entry) !== undefined;
  if (has('module.json')) {
    await attempt(pkg, `${prefix}module.json`, async () => {
      m.stage = readModuleJson(await read('module.json', 8 << 20));
      m.model = 'stage';
    });
  } else if (has('config.json')) {
    await attempt(pkg, `${prefix}config.json`, async () => {
      m.fa = readConfigJson(await read('config.json', 8 << 20));
      m.model = 'fa';
    });
  } else pkg.unreadable.push({ file: `${prefix || name}`, reason: 'no module.json or config.json in this module' });
  for (const issue of [...(m.stage?.issues ?? []), ...(m.fa?.issues ?? [])].slice(0, 100)) pkg.anomalies.push({ file: `${prefix}${m.stage ? 'module.json' : 'config.json'}`, detail: issue });

  if (has('pack.info')) await attempt(pkg, `${prefix}pack.info`, async () => (m.packInfo = readPackInfo(await read('pack.info', 8 << 20))));
  if (has('resources.index')) await attempt(pkg, `${prefix}resources.index`, async () => (m.resources = parseResourcesIndex(await read('resources.index', 64 << 20))));
  if (has('resources/base/profile/network_config.json')) {
    await attempt(pkg, `${prefix}resources/base/profile/network_config.json`, async () => (m.networkConfig = readNetworkConfig(await read('resources/base/profile/network_config.json', 1 << 20))));
  }

  let texts = 0;
  for (const e of zip.entries) {
    if (e.isDirectory) continue;
    signal?.throwIfAborted();
    const file = `${prefix}${e.name}`;
    if (e.name.endsWith('.abc')) {
      await attempt(pkg, file, async () => m.abc.push({ path: e.name, file: parseAbc(await read(e.name, limits.maxCodeBytes)) }));
    } else if (DEX_FILE.test(e.name)) {
      await attempt(pkg, file, async () => {
        const strings: string[] = [];
        const classNames: string[] = [];
        const files = parseDexContainer(await read(e.name, limits.maxCodeBytes));
        for (const dex of files) {
          for (let i = 0; i < dex.stringCount && strings.length < MAX_DEX_STRINGS; i++) strings.push(dex.string(i));
          for (const c of dex.classes()) classNames.push(c.name);
        }
        m.dex.push({ path: e.name, files, strings, classNames });
      });
    } else if (NATIVE_LIB.test(e.name)) {
      m.nativeLibs.push({ path: e.name, abi: NATIVE_LIB.exec(e.name)![1]!, size: e.uncompressedSize });
    } else if (TEXT_FILE.test(e.name) && e.uncompressedSize <= limits.maxTextFileBytes && texts < limits.maxTextFiles) {
      texts++;
      await attempt(pkg, file, async () => {
        const bytes = await read(e.name, limits.maxTextFileBytes);
        if (!bytes.includes(0)) m.textFiles.push({ path: e.name, text: bytes.toString('utf8') });
      });
    }
  }
  for (const a of m.abc) for (const w of a.file.warnings.slice(0, 50)) pkg.unreadable.push({ file: `${prefix}${a.path}`, reason: w });

  try {
    m.signature = await readHapSignature(zip, signal);
    for (const p of m.signature?.problems ?? []) pkg.unreadable.push({ file: `${prefix}(signing block)`, reason: p });
    const v = m.signature?.verification;
    if (v?.status === 'not_verifiable') pkg.unreadable.push({ file: `${prefix}(signing block)`, reason: `signature not verifiable offline: ${v.reason ?? 'unknown'}` });
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    m.signatureError = e.message;
    pkg.unreadable.push({ file: `${prefix}(signing block)`, reason: e.message });
  }
  return m;
}

/**
 * resources/base/profile/network_config.json of Stage packages:
 * {"network-security-config": {"base-config": {"cleartextTrafficPermitted": …},
 * "domain-config": [{"cleartextTrafficPermitted": …, "domains": [{"name": …}]}]}}.
 * Read leniently: unknown shapes simply permit nothing.
 */
export function readNetworkConfig(bytes: Uint8Array): NetworkConfig {
  const json = parseJsonBounded(bytes, 'network_config.json', { maxBytes: 1 << 20 });
  const root = isObject(json) && isObject(json['network-security-config']) ? json['network-security-config'] : {};
  const base = isObject(root['base-config']) ? root['base-config'] : {};
  const domains: string[] = [];
  for (const dc of Array.isArray(root['domain-config']) ? root['domain-config'].slice(0, 1000) : []) {
    if (!isObject(dc) || dc['cleartextTrafficPermitted'] !== true) continue;
    for (const d of Array.isArray(dc['domains']) ? dc['domains'].slice(0, 1000) : []) if (isObject(d) && typeof d['name'] === 'string') domains.push(d['name']);
  }
  return { file: 'resources/base/profile/network_config.json', ...(typeof base['cleartextTrafficPermitted'] === 'boolean' ? { cleartext: base['cleartextTrafficPermitted'] } : {}), cleartextDomains: domains };
}
