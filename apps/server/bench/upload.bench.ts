/**
 * Upload benchmark (issue 3): one large file through the chunked protocol over
 * loopback, against the server in a child process. Reports throughput, a plain
 * `cp` of the same file on the same disk for reference, and the server's peak
 * RSS (VmHWM of its process). Target: peak RSS under 200 MB for 2 GB, and at
 * least half of cp's speed.
 *
 *   npm run bench -- upload [sizeMB|2G]      (default 512 MB)
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { UPLOAD_CHUNK_SIZE } from '@citadel/contracts';
import { seal } from '../src/test-support/test-app.ts';

const PASSWORD = 'Bench#Admin2026';
const arg = process.argv[2] ?? '512';
const sizeMb = /^\d+g$/i.test(arg) ? Number.parseInt(arg, 10) * 1024 : Number.parseInt(arg, 10);
if (!Number.isInteger(sizeMb) || sizeMb <= 0) throw new Error(`size must be MB or NG, got ${arg}`);
const size = sizeMb * 1024 * 1024;
const PARALLEL = 3;

const dir = mkdtempSync(path.join(os.tmpdir(), 'citadel-upload-bench-'));
const source = path.join(dir, 'target.apk');

async function writeSource(): Promise<void> {
  // A ZIP end record at the end would be needed for an APK; the bench uploads as firmware (.bin) instead, checked by content as binary.
  const out = createWriteStream(source);
  const block = randomBytes(8 * 1024 * 1024);
  for (let written = 0; written < size; written += block.length) {
    block.writeUInt32LE(written >>> 0, 0);
    if (!out.write(block.subarray(0, Math.min(block.length, size - written)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function vmHwm(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

function request(port: number, method: string, url: string, headers: Record<string, string>, body?: Buffer | (() => NodeJS.ReadableStream[]), length?: number): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers: { ...headers, ...(length !== undefined ? { 'content-length': String(length) } : {}) } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString('utf8')) });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
    if (Buffer.isBuffer(body)) req.end(body);
    else if (body) {
      const streams = body();
      const next = (i: number) => {
        if (i === streams.length) return void req.end();
        const s = streams[i]!;
        s.on('end', () => next(i + 1));
        s.pipe(req, { end: false });
      };
      next(0);
    } else req.end();
  });
}

const json = (port: number, url: string, payload: object, headers: Record<string, string> = {}) => {
  const body = Buffer.from(JSON.stringify(payload));
  return request(port, 'POST', url, { 'content-type': 'application/json', ...headers }, body, body.length);
};

async function signIn(port: number): Promise<Record<string, string>> {
  const key = (await json(port, '/aa/loginKey', {})).json.data;
  const captcha = (await json(port, '/captcha/captchaDight', {})).json.data;
  const answer = (await request(port, 'GET', `/__test/captcha/${captcha.captcha_id}`, {})).json.data.answer;
  const res = await json(port, '/aa/login', { agent: 'web', username: 'admin', password: seal(key.public_key, PASSWORD), key_id: key.key_id, captcha_id: captcha.captcha_id, captcha_code: answer });
  if (!res.json.data) throw new Error(`login failed: ${JSON.stringify(res.json)}`);
  return { token: res.json.data.token, user: 'admin' };
}

async function sendChunk(port: number, auth: Record<string, string>, uid: string, index: number, chunks: number): Promise<any> {
  const start = index * UPLOAD_CHUNK_SIZE;
  const end = Math.min(size, start + UPLOAD_CHUNK_SIZE) - 1;
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const fields = { chunk: index, uid, name: 'firmware.bin', size, chunks };
  const head = Buffer.from(
    Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { Readable } = await import('node:stream');
  const res = await request(
    port,
    'POST',
    '/file/upload/part',
    { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    () => [Readable.from([head]), createReadStream(source, { start, end, highWaterMark: 1 << 20 }), Readable.from([tail])],
    head.length + (end - start + 1) + tail.length,
  );
  if (!res.json.data) throw new Error(`chunk ${index}: ${JSON.stringify(res.json)}`);
  return res.json.data;
}

async function main(): Promise<void> {
  console.log(`file: ${sizeMb} MB in ${dir}`);
  await writeSource();

  const cpTarget = path.join(dir, 'copy.bin');
  const cpStarted = process.hrtime.bigint();
  const cp = spawnSync('cp', [source, cpTarget]);
  spawnSync('sync');
  const cpSeconds = Number(process.hrtime.bigint() - cpStarted) / 1e9;
  if (cp.status !== 0) throw new Error(`cp failed: ${cp.stderr}`);
  rmSync(cpTarget);

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'upload-server.ts')], {
    env: { ...process.env, CITADEL_DATA_DIR: path.join(dir, 'data'), CITADEL_ADMIN_PASSWORD: PASSWORD, CITADEL_TEST_HOOKS: '1', CITADEL_WEB_DIR: path.join(dir, 'no-web'), CITADEL_UPLOAD_MAX_MB: String(sizeMb * 2) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const { port } = JSON.parse(line.toString()) as { port: number };
    const auth = await signIn(port);
    const idleRss = vmHwm(child.pid!);

    const chunks = Math.ceil(size / UPLOAD_CHUNK_SIZE);
    const started = process.hrtime.bigint();
    const opened = await json(port, '/file/upload/id', { name: 'firmware.bin', size, chunks, kind: 'firmware' }, auth);
    const uid: string = opened.json.data.id;
    const queue = Array.from({ length: chunks }, (_, i) => i);
    let done: any;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          const status = await sendChunk(port, auth, uid, i, chunks);
          if (status.state === 'done') done = status.file;
        }
      }),
    );
    while (!done) {
      const status = (await json(port, '/file/upload/status', { uid }, auth)).json.data;
      if (status.state === 'done') done = status.file;
      else if (status.state === 'failed') throw new Error(JSON.stringify(status));
      else await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const peak = vmHwm(child.pid!);
    const mbps = (s: number) => (sizeMb / s).toFixed(0);
    console.log(`upload (chunked, ${PARALLEL} parallel, 5 MB chunks, MD5+SHA-256): ${seconds.toFixed(2)} s, ${mbps(seconds)} MB/s`);
    console.log(`cp of the same file:                                     ${cpSeconds.toFixed(2)} s, ${mbps(cpSeconds)} MB/s`);
    console.log(`upload / cp speed: ${(cpSeconds / seconds).toFixed(2)} (target ≥ 0.5)`);
    console.log(`server peak RSS (VmHWM): ${(peak / 1048576).toFixed(0)} MB (after start and sign-in: ${(idleRss / 1048576).toFixed(0)} MB; target < 200 MB)`);
    console.log(`md5 ${done.md5}, size ${done.size}`);
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
