/**
 * ZIP reader benchmark: opens an archive (default: the corpus diva.apk),
 * lists it and inflates every entry, several times; prints the median wall
 * time of "open + list" and of "open + list + inflate all", and peak RSS.
 *
 *   npx tsx packages/engine-core/bench/zip.bench.ts [archive] [--runs N]
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withZip } from '../src/archive/index.ts';

const args = process.argv.slice(2);
const runsFlag = args.indexOf('--runs');
const runs = runsFlag >= 0 ? Number(args[runsFlag + 1]) : 15;
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs') ?? fileURLToPath(new URL('../../../../shared/corpus/android/diva.apk', import.meta.url));

if (!existsSync(file)) {
  console.log(`zip.bench: ${file} not found, skipped`);
  process.exit(0);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const listTimes: number[] = [];
const fullTimes: number[] = [];
let entries = 0;
let bytes = 0;
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  await withZip(file, async (zip) => {
    entries = zip.entries.length;
  });
  listTimes.push(performance.now() - t);
  t = performance.now();
  bytes = 0;
  await withZip(file, async (zip) => {
    for (const e of zip.entries) bytes += (await zip.read(e)).length;
  });
  fullTimes.push(performance.now() - t);
}

const peakRssMb = process.resourceUsage().maxRSS / 1024;
console.log(
  JSON.stringify({
    bench: 'zip',
    file,
    runs,
    entries,
    uncompressedBytes: bytes,
    medianListMs: Number(median(listTimes).toFixed(2)),
    medianListAndInflateMs: Number(median(fullTimes).toFixed(2)),
    peakRssMb: Number(peakRssMb.toFixed(1)),
  }),
);
