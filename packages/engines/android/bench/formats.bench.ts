/**
 * Benchmark of the Android format readers on the real corpus:
 *   npx tsx packages/engines/android/bench/formats.bench.ts [runs]
 * For each APK (in its own child process, so peak RSS is per sample): median
 * wall time to parse the manifest, resources.arsc and every DEX including the
 * full bytecode walk, plus signing-block verification, and the peak RSS.
 * Reading the entries out of the ZIP is timed apart (it is the ZIP reader's cost).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAxml } from '../src/formats/axml/index.ts';
import { parseArsc } from '../src/formats/arsc/index.ts';
import { compareDexEntryNames, isDexEntryName, parseDexContainer, walkMethods } from '../src/formats/dex/index.ts';
import { verifyApkSigningBlock } from '../src/formats/signing/index.ts';
import { androidAttribute, childElements } from '../src/formats/xml-tree/index.ts';
import { valueAsReference } from '../src/formats/res-chunks/index.ts';
import { CORPUS_ANDROID, apkLayout, extractEntry, listEntries } from '../src/formats/testing/corpus.ts';

interface SampleResult {
  apk: string;
  sizeBytes: number;
  readEntriesMs: number;
  manifestMs: number;
  resourcesMs: number;
  dexMs: number;
  signingMs: number;
  totalMs: number;
  dexFiles: number;
  classes: number;
  methodsWalked: number;
  invokes: number;
  peakRssMb: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const time = async (fn: () => unknown): Promise<number> => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

async function benchOne(apkPath: string, runs: number): Promise<SampleResult> {
  let entries: { manifest: Uint8Array; arsc?: Uint8Array; dex: Uint8Array[] } | undefined;
  const readEntriesMs = await time(async () => {
    const names = await listEntries(apkPath);
    const dexNames = names.filter(isDexEntryName).sort(compareDexEntryNames);
    entries = {
      manifest: await extractEntry(apkPath, 'AndroidManifest.xml'),
      ...(names.includes('resources.arsc') ? { arsc: await extractEntry(apkPath, 'resources.arsc') } : {}),
      dex: await Promise.all(dexNames.map((n) => extractEntry(apkPath, n))),
    };
  });
  const e = entries!;
  const t = { manifest: [] as number[], resources: [] as number[], dex: [] as number[], signing: [] as number[] };
  let counts = { dexFiles: 0, classes: 0, methodsWalked: 0, invokes: 0 };
  for (let run = 0; run < runs; run++) {
    let label: number | undefined;
    t.manifest.push(
      await time(() => {
        const app = childElements(parseAxml(e.manifest).root, 'application')[0];
        label = app ? valueAsReference(androidAttribute(app, 'label')?.value) : undefined;
      }),
    );
    t.resources.push(
      await time(() => {
        if (!e.arsc) return;
        const table = parseArsc(e.arsc);
        if (label !== undefined) table.localizedStrings(label);
      }),
    );
    t.dex.push(
      await time(() => {
        counts = { dexFiles: 0, classes: 0, methodsWalked: 0, invokes: 0 };
        for (const bytes of e.dex) {
          for (const dex of parseDexContainer(bytes)) {
            counts.dexFiles++;
            counts.classes += dex.classes().length;
            for (const m of walkMethods(dex)) {
              counts.methodsWalked++;
              counts.invokes += m.facts.invokes.length;
              for (const i of m.facts.invokes) if (i.kind !== 'custom') dex.methodClassAndName(i.methodIndex);
            }
          }
        }
      }),
    );
    t.signing.push(
      await time(async () => {
        const layout = await apkLayout(apkPath);
        try {
          await verifyApkSigningBlock(layout);
        } finally {
          await layout.close();
        }
      }),
    );
  }
  const r = {
    manifestMs: median(t.manifest),
    resourcesMs: median(t.resources),
    dexMs: median(t.dex),
    signingMs: median(t.signing),
  };
  return {
    apk: apkPath.slice(apkPath.lastIndexOf('/') + 1),
    sizeBytes: (await apkLayout(apkPath).then(async (l) => (await l.close(), l.size))) ?? 0,
    readEntriesMs: readEntriesMs,
    ...r,
    totalMs: r.manifestMs + r.resourcesMs + r.dexMs + r.signingMs,
    ...counts,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

const args = process.argv.slice(2);
const oneAt = args.indexOf('--one');
if (oneAt >= 0) {
  const result = await benchOne(args[oneAt + 1]!, Number(args[oneAt + 2] ?? 5));
  process.stdout.write(JSON.stringify(result) + '\n');
} else {
  const runs = Number(args[0] ?? 5);
  if (!existsSync(CORPUS_ANDROID)) {
    console.error(`corpus not found at ${CORPUS_ANDROID}`);
    process.exit(1);
  }
  const apks = readdirSync(CORPUS_ANDROID).filter((f) => f.endsWith('.apk'));
  const rows: SampleResult[] = [];
  for (const apk of apks) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--one', `${CORPUS_ANDROID}${apk}`, String(runs)], { encoding: 'utf8' });
    if (child.status !== 0) {
      console.error(`${apk}: ${child.stderr}`);
      continue;
    }
    rows.push(JSON.parse(child.stdout.trim().split('\n').pop()!) as SampleResult);
  }
  const fmt = (n: number): string => n.toFixed(1);
  console.log(`Android format readers, median of ${runs} runs per sample (ms), peak RSS per sample process`);
  console.table(
    rows.map((r) => ({
      apk: r.apk,
      'size KB': Math.round(r.sizeBytes / 1024),
      'read entries': fmt(r.readEntriesMs),
      manifest: fmt(r.manifestMs),
      resources: fmt(r.resourcesMs),
      'dex + walk': fmt(r.dexMs),
      signing: fmt(r.signingMs),
      total: fmt(r.totalMs),
      classes: r.classes,
      methods: r.methodsWalked,
      invokes: r.invokes,
      'peak RSS MB': fmt(r.peakRssMb),
    })),
  );
}
