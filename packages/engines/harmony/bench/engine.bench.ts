/**
 * Benchmark of the full HarmonyOS engine per package:
 *   npm run bench -- harmony   (or npx tsx packages/engines/harmony/bench/engine.bench.ts [runs])
 * Packages: the corpus HAP, and packages built in code — a large Stage HAP
 * (2,000 ABC records, each with a build method of real code: logs, HTTP
 * requests to per-page URLs, ArkUI calls, an ECB cipher every 50th; keys and
 * strings; 16 native libraries; signed, so the signature is verified), an
 * .app bundle of four such modules, and an FA HAP carrying
 * DIVA's classes.dex when the Android corpus is present. Each package runs
 * in its own child process, so peak RSS is per package; the median wall time
 * of N full assessments is printed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildElf } from '@citadel/engine-core';
import { CORPUS } from '@citadel/engine-core/testing';
import { engine } from '../src/index.ts';
import { type AbcRecordSpec, asm, asmCall, type CodeRefs } from '../src/formats/test-utils/abc-writer.ts';
import { buildApp, buildHap } from '../src/testing/build-hap.ts';

const runs = Number(process.argv[2] ?? 5);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function child(path: string): Promise<void> {
  const times: number[] = [];
  let summary = '';
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const a = await engine.run({ files: [{ path, name: path.split('/').pop()!.replace(/^\d+-/, '') }] }, {}, {});
    times.push(performance.now() - t);
    summary = `${a.platform}, ${a.findings.filter((f) => f.result === 'fail').length} failed items, score ${a.score.score}, ${a.unreadable.length} unreadable, signature ${(a.target['signature'] as { status?: string } | undefined)?.status}`;
  }
  console.log(JSON.stringify({ medianMs: median(times), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), summary }));
}

function largeHap(module: string): Buffer {
  const records: AbcRecordSpec[] = Array.from({ length: 2000 }, (_, i) => {
    const crypto = i % 50 === 0;
    // A build method with real code (about 60 instructions): logs, an HTTP request, ArkUI attribute calls, a cipher now and then.
    const build = {
      name: `build${i}`,
      code: (r: CodeRefs) => [
        ...asmCall(r, asm('ldexternalmodulevar', 0), ['info'], [0, 'tag', `page ${i} %{public}s`, 'shown']),
        ...asmCall(r, asm('ldexternalmodulevar', 1), ['createHttp'], []),
        ...asmCall(r, asm('lda', 9), ['request'], [`https://api${i}.example.com/v1/item`]),
        ...asmCall(r, asm('tryldglobalbyname', 0, r.str('Text')), ['fontSize'], [16 + (i % 8)]),
        ...asmCall(r, asm('tryldglobalbyname', 0, r.str('Column')), ['width'], ['100%']),
        ...(crypto ? asmCall(r, asm('ldexternalmodulevar', 2), ['createCipher'], ['AES128|ECB|PKCS7']) : []),
        ...asm('returnundefined'),
      ],
    };
    return {
      name: `com.example.big/${module}/ets/pages/Page${i}`,
      methods: ['func_main_0', build, `onClick${i}`],
      module: {
        requests: ['@ohos:hilog', '@ohos:net.http', crypto ? '@ohos:security.cryptoFramework' : '@ohos:router', '@normalized:N&&&@ohos/axios/index&2.2.7'],
        regularImports: [
          { localName: 'hilog', importName: 'default', requestIdx: 0 },
          { localName: 'http', importName: 'default', requestIdx: 1 },
          { localName: crypto ? 'cryptoFramework' : 'router', importName: 'default', requestIdx: 2 },
        ],
      },
      literalStrings: [`label_${i}_${'x'.repeat(i % 40)}`, `value ${i}`, i % 97 === 0 ? `AKIAQ3EGUXHVZ7KRT${String(i).padStart(3, '0')}` : `n${i}`],
    };
  });
  const libs = Array.from({ length: 16 }, (_, i) => ({ name: `libs/arm64-v8a/lib${module}${i}.so`, data: buildElf({ imports: i % 2 ? ['strcpy', '__stack_chk_fail'] : ['memcpy'] }) }));
  return buildHap({ bundleName: 'com.example.big', module: { name: module, requestPermissions: [{ name: 'ohos.permission.INTERNET' }, { name: 'ohos.permission.CAMERA' }] }, abc: { records }, files: libs });
}

async function main(): Promise<void> {
  if (process.argv[3]) return child(process.argv[3]);
  const dir = mkdtempSync(join(tmpdir(), 'harmony-bench-'));
  const packages: [string, string][] = [];
  if (existsSync(CORPUS.hap)) packages.push(['helloworld-stage.hap (corpus)', CORPUS.hap]);
  const big = largeHap('entry');
  writeFileSync(join(dir, 'large.hap'), big);
  packages.push([`large.hap (built, ${(big.length / 1024).toFixed(0)} KiB)`, join(dir, 'large.hap')]);
  const app = buildApp(['entry', 'feature1', 'feature2', 'feature3'].map((m) => ({ name: `${m}-default.hap`, hap: largeHap(m) })), 'com.example.big');
  writeFileSync(join(dir, 'bundle.app'), app);
  packages.push([`bundle.app (built, 4 modules, ${(app.length / 1024 / 1024).toFixed(1)} MiB)`, join(dir, 'bundle.app')]);
  if (existsSync(CORPUS.diva)) {
    const dex = execFileSync('unzip', ['-p', CORPUS.diva, 'classes.dex'], { maxBuffer: 64 << 20 });
    writeFileSync(join(dir, 'fa-dex.hap'), buildHap({ model: 'fa', files: [{ name: 'classes.dex', data: dex }] }));
    packages.push(['fa-dex.hap (built, FA with DIVA classes.dex)', join(dir, 'fa-dex.hap')]);
  }
  for (const [label, path] of packages) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), String(runs), path], { encoding: 'utf8' });
    const line = r.stdout.trim().split('\n').pop() ?? '';
    try {
      const res = JSON.parse(line) as { medianMs: number; peakRssMb: number; summary: string };
      console.log(`${label}: full assessment median ${res.medianMs.toFixed(0)} ms of ${runs}, peak RSS ${res.peakRssMb} MB (${res.summary})`);
    } catch {
      console.log(`${label}: failed\n${r.stderr}`);
    }
  }
}

await main();
