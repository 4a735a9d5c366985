/** Which kind of Android package an archive is, from its entries (the name is only a hint). */
import type { PackageKind } from './model.ts';

export const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const;

export function hasZipMagic(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05) && (head[3] === 0x04 || head[3] === 0x06);
}

const EXT_KIND: Record<string, PackageKind> = { apk: 'apk', apks: 'apks', xapk: 'xapk', aab: 'aab', aar: 'aar', jar: 'jar' };

export function kindFromName(name: string): PackageKind | undefined {
  const m = /\.([a-z]+)$/i.exec(name);
  return m ? EXT_KIND[m[1]!.toLowerCase()] : undefined;
}

export function kindFromEntries(names: ReadonlySet<string>, hint?: PackageKind): PackageKind | undefined {
  if (names.has('base/manifest/AndroidManifest.xml')) return 'aab';
  if (names.has('AndroidManifest.xml') && names.has('classes.jar')) return 'aar';
  if (names.has('AndroidManifest.xml')) return 'apk';
  const apks = [...names].filter((n) => /^[^/]+\.apk$/i.test(n));
  if (apks.length > 0) return names.has('manifest.json') || hint === 'xapk' ? 'xapk' : 'apks';
  if ([...names].some((n) => n.endsWith('.class'))) return 'jar';
  if (hint === 'jar' && names.has('META-INF/MANIFEST.MF')) return 'jar';
  return undefined;
}

/** The base APK of a split set: base.apk, the XAPK's package-named APK, else the largest non-split APK. */
export function pickBaseApk(entries: readonly { name: string; uncompressedSize: number }[], xapkPackage?: string): string | undefined {
  const apks = entries.filter((e) => /^[^/]+\.apk$/i.test(e.name));
  const byName = (n: string) => apks.find((e) => e.name === n);
  const base = byName('base.apk') ?? (xapkPackage ? byName(`${xapkPackage}.apk`) : undefined);
  if (base) return base.name;
  const candidates = apks.filter((e) => !/^(split_|config\.)/i.test(e.name));
  return (candidates.length ? candidates : apks).sort((a, b) => b.uncompressedSize - a.uncompressedSize)[0]?.name;
}
