/**
 * Opens an Android package safely and builds the PackageModel once: the ZIP
 * under the archive limits, the manifest (binary AXML, AAB protobuf, or the
 * AAR's text manifest), resources.arsc, every DEX, the native libraries, the
 * class files of JAR/AAR SDKs, and the signatures. A file that is not an
 * Android package at all is an EngineInputError; a part that cannot be read
 * is listed in `unreadable` and the rest is still assessed.
 */
import { stat } from 'node:fs/promises';
import { ArchiveLimitError, ByteReader, EngineInputError, FormatError, ZipArchive } from '@citadel/engine-core';
import { StringPool, compareDexEntryNames, parseArsc, readChunkHeader, parseAxml, parseDexContainer, parseProtoXml } from '../formats/index.ts';
import { parseClassFile, type ClassFileInfo } from './class-file.ts';
import { readDexEntry } from './dex-entry.ts';
import { kindFromEntries, kindFromName, pickBaseApk } from './detect.ts';
import { readManifestInfo } from './manifest-info.ts';
import type { PackageKind, PackageModel } from './model.ts';
import { startIntegrity } from './integrity/integrity.ts';
import { prepareSigning } from './signing.ts';

export interface OpenLimits {
  /** Class files read from a JAR/AAR (the rest are counted as unreadable). */
  maxClassFiles: number;
  /** Bytes of one nested archive read into memory (base APK of a split set, classes.jar). */
  maxNestedBytes: number;
  /** Bytes of one DEX entry read into memory (real ones are tens of MiB at most). */
  maxDexBytes?: number;
}

export const DEFAULT_OPEN_LIMITS: OpenLimits = { maxClassFiles: 100_000, maxNestedBytes: 512 << 20, maxDexBytes: 128 << 20 };

const TOLERATED_ANOMALIES = new Set(['trailing-bytes', 'declared-ratio']);

/** Opens the package and waits for its hashes and signatures too: the model is complete. */
export async function openPackage(path: string, fileName: string, signal?: AbortSignal, limits: OpenLimits = DEFAULT_OPEN_LIMITS): Promise<PackageModel> {
  const model = await openPackageDeferred(path, fileName, signal, limits);
  try {
    await model.integrity;
  } catch (e) {
    await model.close();
    throw e;
  }
  return model;
}

/**
 * Opens the package; `hashes` and `signing` are set when `model.integrity`
 * resolves, because the hashing they need runs beside the parsing (on a
 * worker thread for a large file). close() stops it.
 */
export async function openPackageDeferred(path: string, fileName: string, signal?: AbortSignal, limits: OpenLimits = DEFAULT_OPEN_LIMITS, options: { digestWorker?: boolean } = {}): Promise<PackageModel> {
  const size = (await stat(path)).size;
  const outer = await openArchive(path, fileName);
  const toClose: ZipArchive[] = [outer];
  const stopHashing = new AbortController();
  try {
    const names = new Set(outer.entries.map((e) => e.name));
    let kind = kindFromEntries(names, kindFromName(fileName));
    if (!kind) throw new EngineInputError('unsupported_format', `${fileName} is a ZIP archive but not an Android package (no AndroidManifest.xml, base module, split APKs or class files)`);
    let zip = outer;
    let nestedBytes: Buffer | undefined;
    let splits: string[] = [];
    if (kind === 'apks' || kind === 'xapk') {
      const base = pickBaseApk(outer.entries, kind === 'xapk' ? await xapkPackage(outer) : undefined);
      if (!base) throw new EngineInputError('unsupported_format', `${fileName}: no APK inside the split set`);
      splits = outer.entries.filter((e) => /^[^/]+\.apk$/i.test(e.name) && e.name !== base).map((e) => e.name);
      nestedBytes = await readOrThrow(outer, base, limits.maxNestedBytes);
      zip = await openArchive(nestedBytes, base);
      toClose.push(zip);
      if (!zip.getEntry('AndroidManifest.xml')) throw new EngineInputError('corrupt', `${fileName}: the base APK ${base} has no AndroidManifest.xml`);
    }
    const entryNames = zip.entries.map((e) => e.name);
    // AAB, AAR and JAR have no APK Signing Block: only v1 (jarsigner) applies.
    const hasSigningBlock = kind !== 'aab' && kind !== 'jar' && kind !== 'aar';
    const signing = await prepareSigning({ entryNames, read: (n) => zip.read(n) }, hasSigningBlock ? zip : undefined);
    const facts = startIntegrity({
      path,
      size,
      zip,
      ...(nestedBytes ? { nestedBytes } : {}),
      signing,
      signal: signal ? AbortSignal.any([signal, stopHashing.signal]) : stopHashing.signal,
      ...(options.digestWorker !== undefined ? { worker: options.digestWorker } : {}),
    });
    const model: PackageModel = {
      kind,
      fileName,
      size,
      hashes: { md5: '', sha1: '', sha256: '' },
      zip,
      entryNames,
      modulePrefix: kind === 'aab' ? 'base/' : '',
      protoXml: kind === 'aab',
      resourceStrings: [],
      dex: [],
      classFiles: [],
      nativeLibs: [],
      splits,
      anomalies: [],
      unreadable: [],
      integrity: facts.then((f) => {
        model.hashes = f.hashes;
        model.signing = f.signing;
      }),
      close: async () => {
        stopHashing.abort();
        for (const z of toClose) await z.close();
      },
    };
    // Awaited later; until then a failure must not count as unhandled.
    model.integrity.catch(() => undefined);
    for (const a of zip.anomalies) if (!TOLERATED_ANOMALIES.has(a.kind)) model.anomalies.push({ file: a.entries?.[0] ?? fileName, detail: `${a.kind}: ${a.detail}` });
    await readManifest(model);
    signal?.throwIfAborted();
    await readResources(model);
    await readDex(model, limits.maxDexBytes ?? DEFAULT_OPEN_LIMITS.maxDexBytes!, signal);
    listNativeLibs(model);
    if (kind === 'jar' || kind === 'aar') await readClassFiles(model, limits, signal);
    if (kind === 'apks' || kind === 'xapk') await outer.close().then(() => toClose.splice(0, 1));
    return model;
  } catch (e) {
    stopHashing.abort();
    for (const z of toClose) await z.close().catch(() => undefined);
    throw e;
  }
}

async function openArchive(input: string | Uint8Array, label: string): Promise<ZipArchive> {
  try {
    return await ZipArchive.open(input);
  } catch (e) {
    if (e instanceof ArchiveLimitError) throw new EngineInputError('too_large', `${label}: ${e.message}`);
    if (e instanceof FormatError) throw new EngineInputError('corrupt', `${label} is not a readable ZIP archive: ${e.message}`);
    throw e;
  }
}

async function readOrThrow(zip: ZipArchive, name: string, maxBytes: number): Promise<Buffer> {
  try {
    return await zip.read(name, { maxBytes });
  } catch (e) {
    if (e instanceof ArchiveLimitError) throw new EngineInputError('too_large', `${name}: ${e.message}`);
    if (e instanceof FormatError) throw new EngineInputError('corrupt', `${name}: ${e.message}`);
    throw e;
  }
}

/** Reads an entry, or records it as unreadable and returns undefined. */
export async function tryRead(model: PackageModel, name: string, maxBytes?: number): Promise<Buffer | undefined> {
  try {
    return await model.zip.read(name, maxBytes !== undefined ? { maxBytes } : undefined);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    model.unreadable.push({ file: name, reason: e.message });
    return undefined;
  }
}

async function xapkPackage(zip: ZipArchive): Promise<string | undefined> {
  if (!zip.getEntry('manifest.json')) return undefined;
  try {
    const json = JSON.parse((await zip.read('manifest.json', { maxBytes: 1 << 20 })).toString('utf8')) as { package_name?: unknown };
    return typeof json.package_name === 'string' ? json.package_name : undefined;
  } catch {
    return undefined;
  }
}

async function readManifest(model: PackageModel): Promise<void> {
  if (model.kind === 'jar') return;
  if (model.kind === 'aar') {
    const bytes = await tryRead(model, 'AndroidManifest.xml', 4 << 20);
    if (!bytes) return;
    const text = bytes.toString('utf8');
    const pkg = /<manifest\b[^>]*?\bpackage\s*=\s*"([^"]{1,255})"/.exec(text)?.[1];
    const permissions = [...text.matchAll(/<uses-permission(?:-sdk-23)?\b[^>]*?android:name\s*=\s*"([^"]{1,255})"/g)].slice(0, 1000).map((m) => m[1]!);
    model.textManifest = { file: 'AndroidManifest.xml', permissions, ...(pkg ? { packageName: pkg } : {}) };
    return;
  }
  const file = model.kind === 'aab' ? 'base/manifest/AndroidManifest.xml' : 'AndroidManifest.xml';
  const bytes = await tryRead(model, file, 64 << 20);
  if (!bytes) return;
  try {
    const doc = model.protoXml ? parseProtoXml(bytes) : parseAxml(bytes);
    model.manifest = { file, doc, info: readManifestInfo(doc) };
    for (const w of doc.warnings) model.anomalies.push({ file, detail: w });
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    model.unreadable.push({ file, reason: e.message });
  }
}

async function readResources(model: PackageModel): Promise<void> {
  if (model.kind === 'aab' || model.kind === 'jar' || !model.entryNames.includes('resources.arsc')) return;
  const bytes = await tryRead(model, 'resources.arsc', 256 << 20);
  if (!bytes) return;
  try {
    model.resources = parseArsc(bytes);
    model.resourceStrings = arscGlobalStrings(bytes);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    model.unreadable.push({ file: 'resources.arsc', reason: e.message });
  }
}

async function readDex(model: PackageModel, maxDexBytes: number, signal?: AbortSignal): Promise<void> {
  const dir = model.kind === 'aab' ? 'base/dex/' : '';
  const names = model.entryNames
    .filter((n) => n.startsWith(dir) && /^classes\d*\.dex$/.test(n.slice(dir.length)))
    .sort((a, b) => compareDexEntryNames(a.slice(dir.length), b.slice(dir.length)));
  for (const file of [...new Set(names)]) {
    signal?.throwIfAborted();
    // The header is checked before the entry is inflated (dex-entry.ts).
    const read = await readDexEntry(model.zip, model.zip.getEntry(file)!, maxDexBytes);
    if (!read.ok) {
      model.unreadable.push({ file, reason: read.reason });
      continue;
    }
    try {
      for (const dex of parseDexContainer(read.bytes)) model.dex.push({ file, dex });
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      model.unreadable.push({ file, reason: e.message });
    }
  }
}

const MAX_RESOURCE_STRINGS = 500_000;

/** The table's global string pool: the first chunk after the 12-byte table header. */
function arscGlobalStrings(bytes: Uint8Array): string[] {
  const r = new ByteReader(bytes, 'arsc');
  const chunk = readChunkHeader(r, r.u16(2), r.length, () => undefined);
  if (chunk.type !== 0x0001) return [];
  const pool = new StringPool(r, chunk);
  const out: string[] = [];
  for (let i = 0; i < Math.min(pool.count, MAX_RESOURCE_STRINGS); i++) {
    const s = pool.get(i);
    if (s) out.push(s);
  }
  return out;
}

function listNativeLibs(model: PackageModel): void {
  const re = model.kind === 'aab' ? /^base\/lib\/([^/]+)\/[^/]+\.so$/ : model.kind === 'aar' ? /^jni\/([^/]+)\/[^/]+\.so$/ : /^lib\/([^/]+)\/[^/]+\.so$/;
  const seen = new Set<string>();
  for (const e of model.zip.entries) {
    const m = re.exec(e.name);
    if (!m || seen.has(e.name) || e.isDirectory) continue;
    seen.add(e.name);
    model.nativeLibs.push({ path: e.name, abi: m[1]!, size: e.uncompressedSize });
  }
}

async function readClassFiles(model: PackageModel, limits: OpenLimits, signal?: AbortSignal): Promise<void> {
  const add = async (zip: ZipArchive, prefix: string): Promise<void> => {
    let skipped = 0;
    for (const e of zip.entries) {
      if (!e.name.endsWith('.class') || e.isDirectory) continue;
      if (model.classFiles.length >= limits.maxClassFiles) {
        skipped++;
        continue;
      }
      if (model.classFiles.length % 512 === 0) signal?.throwIfAborted();
      const file = `${prefix}${e.name}`;
      try {
        model.classFiles.push(parseClassFile(await zip.read(e, { maxBytes: 16 << 20 }), file));
      } catch (err) {
        if (!(err instanceof FormatError)) throw err;
        model.unreadable.push({ file, reason: err.message });
      }
    }
    if (skipped > 0) model.unreadable.push({ file: prefix || model.fileName, reason: `${skipped} class files beyond the limit of ${limits.maxClassFiles} not read` });
  };
  if (model.kind === 'jar') return add(model.zip, '');
  // AAR: classes.jar plus libs/*.jar, each a nested ZIP read into memory under the nested limit.
  const jars = model.entryNames.filter((n) => n === 'classes.jar' || /^libs\/[^/]+\.jar$/.test(n));
  for (const jar of jars) {
    const bytes = await tryRead(model, jar, limits.maxNestedBytes);
    if (!bytes) continue;
    let inner: ZipArchive;
    try {
      inner = await ZipArchive.open(bytes);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      model.unreadable.push({ file: jar, reason: e.message });
      continue;
    }
    try {
      await add(inner, `${jar}!/`);
    } finally {
      await inner.close();
    }
  }
}

export type { PackageKind, ClassFileInfo };
