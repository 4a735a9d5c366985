/**
 * Builds a large APK (~200 MB by default) for the benchmark, in a temp folder:
 * DIVA's real manifest and resource table; many DEX files (DIVA's real
 * classes.dex — thousands of classes of app and support-library code —
 * repeated as classes.dex … classesN.dex); native libraries for four ABIs
 * (DIVA's real libdivajni.so, plus large libraries made of it with
 * incompressible data appended); thousands of small resource files and large
 * incompressible assets; signed with v1 and v2. Real code keeps apktool able to decode the same file.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ZipWriterEntry } from '@citadel/engine-core';
import { buildSignedZip } from '../src/testing/build-apk.ts';
import { loadFuzzSample } from '../src/testing/fuzz-cases.ts';

const MB = 1024 * 1024;
const ABIS = ['armeabi-v7a', 'arm64-v8a', 'x86', 'x86_64'];

export interface LargeApk {
  path: string;
  sizeMb: number;
  dexFiles: number;
  nativeLibs: number;
  entries: number;
}

export async function buildLargeApk(dir: string, divaPath: string, opts: { dexCopies?: number; bigLibsPerAbi?: number; bigLibMb?: number; assetMb?: number } = {}): Promise<LargeApk> {
  const { dexCopies = 20, bigLibsPerAbi = 4, bigLibMb = 6, assetMb = 80 } = opts;
  const diva = await loadFuzzSample(divaPath);
  const entry = (name: string) => diva.entries.find((e) => e.name === name)!.data;
  const so = entry('lib/armeabi-v7a/libdivajni.so');
  const entries: ZipWriterEntry[] = [
    { name: 'AndroidManifest.xml', data: entry('AndroidManifest.xml') },
    { name: 'resources.arsc', data: entry('resources.arsc'), method: 'stored' },
  ];
  const dex = entry('classes.dex');
  for (let i = 1; i <= dexCopies; i++) entries.push({ name: i === 1 ? 'classes.dex' : `classes${i}.dex`, data: dex });
  // DIVA's own resources (layouts, drawables) as they are.
  for (const e of diva.entries) if (e.name.startsWith('res/')) entries.push({ name: e.name, data: e.data });
  let nativeLibs = 0;
  for (const abi of ABIS) {
    entries.push({ name: `lib/${abi}/libdivajni.so`, data: so, method: 'stored' });
    nativeLibs++;
    for (let k = 0; k < bigLibsPerAbi; k++) {
      entries.push({ name: `lib/${abi}/libbundle${k}.so`, data: Buffer.concat([so, randomBytes(bigLibMb * MB)]), method: 'stored' });
      nativeLibs++;
    }
  }
  // Many small files (entry-count pressure) and a few big incompressible assets (size).
  for (let i = 0; i < 3000; i++) entries.push({ name: `assets/config/item${i}.json`, data: JSON.stringify({ id: i, url: `https://api${i % 7}.example.com/v1/item/${i}`, key: randomBytes(8).toString('hex') }) });
  for (let i = 0; i < assetMb / 10; i++) entries.push({ name: `assets/media/pack${i}.bin`, data: randomBytes(10 * MB), method: 'stored' });

  // Signed v1 + v2 like a release build with a low minSdk, so verifying every entry digest and the content digest is part of the cost.
  const bytes = await buildSignedZip(entries, { schemes: ['v1', 'v2'] });
  const path = join(dir, 'large.apk');
  writeFileSync(path, bytes);
  return { path, sizeMb: Math.round(bytes.length / MB), dexFiles: dexCopies, nativeLibs, entries: entries.length };
}
