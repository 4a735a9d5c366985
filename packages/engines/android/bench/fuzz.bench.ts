/**
 * Many more fuzz cases of the whole engine than `npm test` runs:
 *   npm run bench -- fuzz        (CITADEL_FUZZ_CASES per sample, default 2000;
 *                                 CITADEL_FUZZ_SEED first seed, default 100000)
 * Prints the tally per sample (assessments, partial ones, input errors by code)
 * and every failing seed with what was mutated; exits 1 on any failure.
 */
import { existsSync } from 'node:fs';
import { corpusApk } from '../src/formats/testing/corpus.ts';
import { runFuzz } from '../src/testing/fuzz-harness.ts';

const cases = Number(process.env.CITADEL_FUZZ_CASES ?? 2000);
const first = Number(process.env.CITADEL_FUZZ_SEED ?? 100_000);
let failed = 0;
for (const name of ['uncrackable-level1.apk', 'diva.apk']) {
  const path = corpusApk(name);
  if (!existsSync(path)) {
    console.log(`${name}: not in the corpus, skipped`);
    continue;
  }
  const started = performance.now();
  const r = await runFuzz(path, Array.from({ length: cases }, (_, i) => first + i));
  const s = (performance.now() - started) / 1000;
  console.log(
    `${name}: ${r.cases} cases in ${s.toFixed(0)} s — ${r.assessments} assessments (${r.partial} partial), input errors ${JSON.stringify(r.inputErrors)}, ${r.failures.length} failures`,
  );
  for (const f of r.failures) console.log(`  seed ${f.seed} (${f.what}): ${f.problem.split('\n').slice(0, 4).join(' | ')}`);
  failed += r.failures.length;
}
process.exit(failed ? 1 : 0);
