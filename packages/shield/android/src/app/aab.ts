/**
 * An Android App Bundle (.aab) turned into one installable APK before it is
 * hardened. A bundle's modules keep their manifest and resources in aapt2's
 * protobuf format; Debian's aapt2 (package aapt) converts the base module's to
 * binary XML and resources.arsc (`aapt2 convert --output-format binary`), and
 * the module's DEX files, native libraries, assets and root files are put
 * where an APK keeps them (dex/classesN.dex → classesN.dex, lib/, assets/,
 * root/… → the APK's root). A bundle with other modules (dynamic features,
 * asset packs) is refused: which modules go into one install is bundletool's
 * decision, and bundletool is not packaged in Debian.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ZipArchive } from '@citadel/engine-core';
import { requireTool, runTool } from '../signing/tools.ts';
import { fail } from '../text.ts';
import { AlignedZipWriter } from '../zip/aligned-writer.ts';

/** Entries of a bundle that belong to no module. */
const BUNDLE_FILES = /^(?:BundleConfig\.pb|BUNDLE-METADATA\/|META-INF\/)/;

export function isBundleName(name: string): boolean {
  return /\.aab$/i.test(name);
}

/** Where an entry of the base module goes in the APK: the proto part (manifest, resources) or the final APK (the rest). */
function placeOf(name: string): { proto?: string; apk?: string } | undefined {
  const rest = name.slice('base/'.length);
  if (rest === 'manifest/AndroidManifest.xml') return { proto: 'AndroidManifest.xml' };
  if (rest === 'resources.pb' || rest.startsWith('res/')) return { proto: rest };
  if (/^dex\/classes\d*\.dex$/.test(rest)) return { apk: rest.slice('dex/'.length) };
  if (rest.startsWith('lib/') || rest.startsWith('assets/')) return { apk: rest };
  if (rest.startsWith('root/')) return { apk: rest.slice('root/'.length) };
  return undefined; // assets.pb, native.pb: bundle metadata the APK does not carry
}

/** Converts the bundle at `input` into `<workDir>/bundle/universal.apk` (unsigned) and returns its path. */
export async function bundleToApk(input: string, workDir: string, signal?: AbortSignal): Promise<string> {
  const aapt2 = requireTool('aapt2');
  const dir = join(workDir, 'bundle');
  mkdirSync(dir, { recursive: true });
  const zip = await ZipArchive.open(input).catch((e: Error) => fail('SHIELD_BAD_INPUT', '文件不是有效的 AAB（ZIP 结构无法读取）', 'The file is not a valid AAB (its ZIP structure cannot be read)', e.message));
  try {
    if (!zip.getEntry('base/manifest/AndroidManifest.xml')) fail('SHIELD_NOT_APK', '文件中没有 base/manifest/AndroidManifest.xml，不是 AAB', 'There is no base/manifest/AndroidManifest.xml: not an Android App Bundle');
    const modules = new Set(zip.entries.filter((e) => !BUNDLE_FILES.test(e.name) && e.name.includes('/')).map((e) => e.name.slice(0, e.name.indexOf('/'))));
    modules.delete('base');
    if (modules.size > 0) {
      const list = [...modules].slice(0, 10).join(', ');
      fail('SHIELD_NOT_APK', `AAB 含有 base 以外的模块（${list}）：请先用 bundletool 生成通用 APK（universal APK）再上传`, `The bundle has modules besides base (${list}): build a universal APK with bundletool first and upload that`);
    }
    const read = (name: string) => zip.read(zip.getEntry(name)!).catch((e: Error) => fail('SHIELD_BAD_INPUT', `无法读取 ${name}：条目损坏或超出解压限制`, `${name} cannot be read: the entry is damaged or over the unpacking limits`, e.message));
    const proto = new AlignedZipWriter(join(dir, 'proto.apk'));
    const rest: { name: string; from: string }[] = [];
    try {
      for (const e of zip.entries) {
        if (e.isDirectory || !e.name.startsWith('base/')) continue;
        const place = placeOf(e.name);
        if (place?.proto) proto.add({ name: place.proto, data: await read(e.name), stored: false });
        else if (place?.apk) rest.push({ name: place.apk, from: e.name });
      }
    } finally {
      proto.finish();
    }
    const converted = join(dir, 'converted.apk');
    const r = await runTool(aapt2, ['convert', '--output-format', 'binary', '-o', converted, join(dir, 'proto.apk')], { ...(signal ? { signal } : {}), timeoutMs: 300_000 });
    if (r.code !== 0) fail('SHIELD_BAD_INPUT', 'AAB 的清单或资源无法转换为 APK 格式（aapt2 convert 失败）', "The bundle's manifest or resources cannot be converted to the APK format (aapt2 convert failed)", r.stderr.slice(-500));
    const out = join(dir, 'universal.apk');
    const apk = new AlignedZipWriter(out);
    const binary = await ZipArchive.open(converted);
    try {
      for (const e of binary.entries) if (!e.isDirectory) apk.add({ name: e.name, data: await binary.read(e), stored: e.method === 0 });
      const names = new Set(binary.entries.map((e) => e.name));
      for (const f of rest) {
        if (names.has(f.name)) continue;
        names.add(f.name);
        // Native libraries stay uncompressed (they are mapped straight from the APK), like the DEX-less rest of the APK tools do.
        apk.add({ name: f.name, data: await read(f.from), stored: f.name.endsWith('.so') });
      }
    } finally {
      apk.finish();
      await binary.close();
    }
    return out;
  } finally {
    await zip.close();
  }
}
