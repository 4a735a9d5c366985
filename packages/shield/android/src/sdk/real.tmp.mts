import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hardenSdk } from './module.ts';
for (const f of process.argv.slice(2)) {
  const t0 = Date.now();
  try {
    const r = await hardenSdk({ path: f, name: f.split('/').pop()! }, {}, { workDir: mkdtempSync(join(tmpdir(), 'realsdk-')) });
    console.log(f, Date.now() - t0, 'ms', r.outputPath, r.verification.ok, r.applied.map((a) => a.detail).join(' | '), r.verification.checks.map((c) => `${c.id}:${c.ok}:${c.detail}`.slice(0, 400)).join(' || '));
  } catch (e) { console.log(f, 'ERR', (e as any).code, (e as any).text?.en, (e as any).detail); }
}
