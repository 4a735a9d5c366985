import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hardenSo } from '../module.ts';
for (const f of process.argv.slice(2)) {
  const t0 = Date.now();
  try {
    const r = await hardenSo({ path: f, name: 'x.so' }, {}, { workDir: mkdtempSync(join(tmpdir(), 'real-')) });
    console.log(f.replace('/tmp/shso/apks/', ''), Date.now() - t0, 'ms', r.verification.ok, r.verification.checks.map((c) => c.detail).join(' | '), r.metrics.inputBytes, r.metrics.outputBytes);
  } catch (e) { console.log(f, 'ERR', (e as any).code, (e as any).text?.en, (e as any).detail); }
}
