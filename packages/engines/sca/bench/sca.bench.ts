/**
 * Parse + match speed on a generated 5,000-package package-lock (v3, a
 * dependency tree four wide), with every npm package name of the shared OSV
 * data mixed in at version 0.0.1 so real advisories match. Run:
 *   npx tsx packages/engines/sca/bench/sca.bench.ts [--vuln-db ../shared/datasets] [--count 5000]
 * Prints wall and CPU time of: parsing alone, and the whole engine run (collect, parse, merge, match, fixes, SBOM).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engine, parserFor } from '../src/index.ts';
import type { ScaTarget } from '../src/engine.ts';
import { npmLockfile } from '../src/testing/index.ts';

const arg = (name: string, def: string): string => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : def;
};
const count = Number(arg('--count', '5000'));
const db = arg('--vuln-db', join(import.meta.dirname, '../../../../../shared/datasets'));
const names = existsSync(`${db}/osv/npm/packages.txt`) ? readFileSync(`${db}/osv/npm/packages.txt`, 'utf8').split('\n').map((s) => s.trim()).filter((s) => s && !s.startsWith('#')) : [];
const extra = names.map((name) => ({ name, version: '0.0.1' }));
const dir = mkdtempSync(join(tmpdir(), 'sca-bench-'));
const file = join(dir, 'package-lock.json');
writeFileSync(file, npmLockfile(count - extra.length, { direct: 50, extra }));
const bytes = new Uint8Array(readFileSync(file));

const time = async <T>(label: string, fn: () => Promise<T> | T): Promise<T> => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await fn();
  const cpu = process.cpuUsage(c0);
  console.log(`${label}: ${(performance.now() - t0).toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`);
  return r;
};

console.log(`lockfile: ${count} packages, ${(bytes.length / 1024 / 1024).toFixed(2)} MiB, ${extra.length} real npm names at 0.0.1; data ${db}`);
for (let i = 0; i < 3; i++) await time(`parse #${i + 1}`, () => parserFor('package-lock.json')!('package-lock.json', bytes, {}).packages.length);
for (const path of [`${db}/osv/npm`, db]) {
  if (!existsSync(path)) continue;
  const a = await time(`engine run with ${path}`, () => engine.run({ files: [{ path: file, name: 'package-lock.json' }] }, { vulnData: { kind: 'folder', path } }, {}));
  const t = a.target as unknown as ScaTarget;
  console.log(`  ${t.components.length} components, ${t.components.filter((c) => c.vulnerabilities.length).length} vulnerable, ${t.vulnerabilities.length} vulnerabilities, ${t.components.filter((c) => c.fix).length} with a verified fix`);
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
