/**
 * `npm run build` makes JavaScript that runs without tsx: the bundle is built
 * into a temporary folder, then the built CLI scans an APK made here and the
 * built engine child (the server's child-process entry) runs the same scan
 * over IPC. Both must find the debuggable application the APK declares.
 */
import { fork, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApk } from '@citadel/engine-android/testing/build-apk';
import type { Assessment } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without type declarations
import { bundle } from './bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'citadel-build-'));
const out = path.join(dir, 'dist');
let apk: string;

beforeAll(async () => {
  // Third-party packages stay external: the bundle finds them in node_modules above it, as in dist/.
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  await bundle(root, out);
  apk = path.join(dir, 'debuggable.apk');
  writeFileSync(apk, await buildApk({ manifest: { app: [{ name: 'debuggable', android: true, bool: true }] }, sign: { schemes: ['v2'] } }));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const debuggableFailed = (a: Assessment) => a.findings.some((f) => f.result === 'fail' && /debuggable/i.test(f.ruleId + JSON.stringify(f.evidence ?? '')));

describe('the built bundle', () => {
  // One process per path (CLI, child): each loads the bundle, which is most of this test's time.
  // --list-engines and the usage exit codes are timed and checked by npm run bench -- product and scan.test.ts.
  it('the CLI runs a scan with plain node, with the exit code of --fail-on', () => {
    const scan = spawnSync(process.execPath, [path.join(out, 'citadel.js'), 'scan', apk, '--quiet', '--fail-on', 'high'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(scan.stderr).toBe('');
    expect(scan.status).toBe(1);
    expect(debuggableFailed(JSON.parse(scan.stdout) as Assessment)).toBe(true);
  }, 90_000);

  it('the engine child runs a task over IPC', async () => {
    const child = fork(path.join(out, 'engine-child.js'), [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const result = await new Promise<{ type: string; assessment?: Assessment; message?: string }>((resolve, reject) => {
      child.on('message', (m: { type: string }) => {
        if (m.type === 'result' || m.type === 'error' || m.type === 'input_error') resolve(m);
      });
      child.on('exit', (code) => reject(new Error(`engine child exited ${code}: ${stderr}`)));
      child.send({ type: 'run', platform: 'android', input: { files: [{ path: apk, name: 'debuggable.apk' }] }, options: { platform: 'android' } });
    });
    child.kill();
    expect(result.message).toBeUndefined();
    expect(result.type).toBe('result');
    expect(debuggableFailed(result.assessment!)).toBe(true);
  }, 90_000);
});
