/**
 * Firmware file contents in the portal (issue 23): a real image is uploaded and its
 * task finished with the engine's assessment (made in this process), then files are
 * opened through POST /f/file_preview as the preview's tree does: the first open
 * re-carves the clicked file from its file system in a child process (the locators of
 * the assessment), later opens come from the per-task cache the child fills next.
 * Same run, for comparison: a second task of the same image whose stored assessment
 * has no locators (as made before they were stored), so its first open unpacks the
 * whole image. Prints the first opens, the next opens (median, max) and a download.
 * Usage: npx tsx apps/server/bench/firmware-files.bench.ts [image=the shared TP-Link WR841N] [opens=20]
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { engine } from '@citadel/engine-firmware';
import { FIRMWARE_CORPUS, hasImage } from '@citadel/engine-firmware/testing';
import { TEST_ADMIN_PASSWORD, login, post, startTestApp } from '../src/test-support/test-app.ts';
import { uploadChunked } from '../src/domain/uploads/test-helpers.ts';

const [imageArg = FIRMWARE_CORPUS.tplink, opensArg = '20'] = process.argv.slice(2);
if (!hasImage(imageArg)) {
  console.log(`no image at ${imageArg}: skipped`);
  process.exit(0);
}
const image = readFileSync(imageArg);
const name = basename(imageArg);
const t = await startTestApp('sqlite', { CITADEL_EMBEDDED_WORKER: '0' });
try {
  const { headers } = await login(t, 'admin', TEST_ADMIN_PASSWORD);
  const file = (await uploadChunked(t.app, headers, name, image, { kind: 'firmware', chunkSize: 5 << 20 })).last.body.data.file;
    const local = join(mkdtempSync(join(tmpdir(), 'fw-bench-')), name);
  writeFileSync(local, image);
  const { assessment } = await engine.assess({ files: [{ path: local, name }] }, {}, {});
  const repo = t.services.taskRuntime.repo;
  const finished = async (result: unknown): Promise<string> => {
    const uid = (await post(t.app, '/task/create', { platform: 'firmware', sample_id: file.sample_id }, headers)).body.data.task_uid as string;
    const task = (await repo.byUid(uid))!;
    await repo.claimById(task.id, 'bench', 600_000);
    await repo.transition(task.id, 'DOWNLOADING', 'PROCESSING', {}, 'bench');
    await repo.finishWithResult(task.id, 'bench', {}, JSON.stringify(result));
    return uid;
  };
  const uid = await finished(assessment);
  const withoutLocators = structuredClone(assessment);
  for (const fs of withoutLocators.target.filesystems as { locator?: unknown }[]) delete fs.locator;
  const oldUid = await finished(withoutLocators);

  const files = (assessment.target.files as { path: string; type: string; size: number }[]).filter((f) => f.type === 'file');
  const picks = files.filter((_, i) => i % Math.max(1, Math.floor(files.length / Number(opensArg))) === 0).slice(0, Number(opensArg));
  const open = async (path: string, task = uid) => {
    const t0 = performance.now();
    const r = await post(t.app, '/f/file_preview', { task_uid: task, path }, headers);
    if (!r.body.data) throw new Error(`${path}: ${JSON.stringify(r.body)}`);
    return { ms: performance.now() - t0, kind: r.body.data.kind as string };
  };
  // The whole-image carve first, so neither measurement profits from a warm disk cache or loader the other made.
  const whole = await open(picks[0]!.path, oldUid);
  const first = await open(picks[0]!.path);
  const rest: number[] = [];
  const kinds: Record<string, number> = { [first.kind]: 1 };
  for (const f of picks.slice(1)) {
    const r = await open(f.path);
    rest.push(r.ms);
    kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
  }
  rest.sort((a, b) => a - b);
  const big = [...files].sort((a, b) => b.size - a.size)[0]!;
  const t0 = performance.now();
  const dl = await t.app.inject({ method: 'GET', url: `/f/unpack_file_download?task_uid=${uid}&path=${encodeURIComponent(big.path)}`, headers });
  const dlMs = performance.now() - t0;
  const r = (n: number) => Math.round(n);
  console.log(`${name}: ${files.length} files; first open ${r(first.ms)} ms (one file from its file system, in a child; without locators: ${r(whole.ms)} ms, whole image); next ${rest.length} opens median ${r(rest[Math.floor(rest.length / 2)] ?? 0)} ms, max ${r(rest.at(-1) ?? 0)} ms; kinds ${JSON.stringify(kinds)}; download of ${big.path} (${big.size} bytes, status ${dl.statusCode}, ${dl.rawPayload.length} bytes) ${r(dlMs)} ms`);
} finally {
  await t.stop();
}
