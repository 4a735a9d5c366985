/**
 * Benchmark of the iOS format readers (`npx tsx packages/engines/ios/bench/formats.bench.ts`
 * or `npm run bench -- ios`): median wall time and peak RSS to read
 *  1. the corpus IPA's Info.plist and main executable fully (every slice:
 *     load commands, symbols, protections, signature + entitlements, ObjC
 *     classes, Swift types, strings), and
 *  2. synthetic images standing in for big real apps: one rich in metadata
 *     (20k classes, 250k strings, 200k symbols), one of 128 MB of code.
 * Extracting the IPA entries happens before timing.
 */
import { readPlistDocument } from '../src/formats/plist/index.ts';
import { analyzeProtections, readMachO, readSymbolTable } from '../src/formats/macho/index.ts';
import { readEmbeddedSignature } from '../src/formats/codesign/index.ts';
import { extractStrings, readObjcClassNames, readSwiftTypeNames } from '../src/formats/objc/index.ts';
import { corpusAvailable, corpusEntry } from '../src/formats/test-utils/corpus.ts';
import { writeObjcImage } from '../src/formats/test-utils/objc-image-writer.ts';
import { writeMachO } from '../src/formats/test-utils/macho-writer.ts';

function readExecutableFully(bytes: Uint8Array): number {
  let work = 0;
  for (const image of readMachO(bytes).images) {
    const symbols = readSymbolTable(image);
    const protections = analyzeProtections(image, symbols);
    const signature = readEmbeddedSignature(image);
    const classes = readObjcClassNames(image);
    const swift = readSwiftTypeNames(image, symbols.symbols.map((s) => s.name));
    const strings = extractStrings(image);
    work += symbols.symbols.length + protections.insecureImports.length + (signature?.blobs.length ?? 0) + classes.names.length + swift.names.length + strings.strings.length;
  }
  return work;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function bench(name: string, runs: number, fn: () => number): void {
  fn(); // warm-up
  const times: number[] = [];
  let work = 0;
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    work = fn();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const rssMb = process.resourceUsage().maxRSS / 1024;
  console.log(`${name}: median ${median(times).toFixed(2)} ms over ${runs} runs (items ${work}), peak RSS so far ${rssMb.toFixed(0)} MB`);
}

/** Rich metadata: 20k classes, 250k C strings (~15 MB), 200k symbols. */
function syntheticMetadataImage(): Uint8Array {
  const classNames = Array.from({ length: 20_000 }, (_, i) => `SDKClass${i}`);
  const cstrings = Array.from({ length: 250_000 }, (_, i) => `https://api${i}.example.com/path?token=${i.toString(36).padStart(8, '0')}`);
  const symbols = Array.from({ length: 200_000 }, (_, i) => ({ name: `_symbol_${i}`, kind: i % 4 === 0 ? ('import' as const) : ('export' as const) }));
  return writeObjcImage({ classNames, cstrings, symbols });
}

/** Bulk: 128 MB of code and little else (what most of a big app binary is). */
function syntheticCodeImage(): Uint8Array {
  return writeMachO({ segments: [{ name: '__TEXT', sections: [{ name: '__text', data: new Uint8Array(128 * 1024 * 1024) }] }] });
}

async function main(): Promise<void> {
  console.log(`baseline peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  if (corpusAvailable) {
    const plist = await corpusEntry('Info.plist');
    const executable = await corpusEntry('UnDebuggable');
    bench('corpus Info.plist', 200, () => readPlistDocument(plist).value.kind.length);
    bench('corpus executable (fat armv7+arm64)', 50, () => readExecutableFully(executable));
  } else {
    console.log('corpus absent: skipping the IPA benchmark');
  }
  const metadata = syntheticMetadataImage();
  console.log(`peak RSS after building the synthetic metadata image ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  bench(`synthetic metadata image (${(metadata.length / 1e6).toFixed(0)} MB)`, 5, () => readExecutableFully(metadata));
  const code = syntheticCodeImage();
  bench(`synthetic code image (${(code.length / 1e6).toFixed(0)} MB)`, 5, () => readExecutableFully(code));
}

await main();
