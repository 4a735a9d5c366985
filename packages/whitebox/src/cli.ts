/**
 * `npm run whitebox -- --algorithm aes128|aes192|aes256|sm4 --key HEX --mode ecb|cbc[,…]
 *   [--direction enc|dec|both] [--padding pkcs7|none] [--preference security|performance]
 *   [--logo wbskNAME] [--android PKG,…] [--ios BUNDLE,…] --out DIR [--no-verify] [--dca N]`
 * Generates a white-box library into DIR, then compiles and verifies it (vectors,
 * qemu runs, key scan) unless --no-verify. The key may come from --key-file or the
 * environment variable WB_KEY instead of the command line (which other users can see).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runDca } from './dca/assess.ts';
import { generateLibrary } from './generate.ts';
import { ALGORITHMS, type Algorithm, KEY_BYTES, type LibraryOptions, checkOptions } from './options.ts';
import { verifyLibrary } from './verify.ts';

function fail(msg: string): never {
  process.stderr.write(`whitebox: ${msg}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    algorithm: { type: 'string' },
    key: { type: 'string' },
    'key-file': { type: 'string' },
    mode: { type: 'string', default: 'ecb,cbc' },
    direction: { type: 'string', default: 'both' },
    padding: { type: 'string', default: 'pkcs7' },
    preference: { type: 'string', default: 'security' },
    logo: { type: 'string' },
    android: { type: 'string', default: '' },
    ios: { type: 'string', default: '' },
    out: { type: 'string' },
    'no-verify': { type: 'boolean', default: false },
    dca: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.algorithm || !values.out) {
  process.stdout.write(readFileSync(new URL(import.meta.url)).toString('utf8').split('*/')[0]!.replace(/^\/\*\*?|^ \* ?/gm, '') + '\n');
  process.exit(values.help ? 0 : 2);
}
const algorithm = values.algorithm as Algorithm;
if (!ALGORITHMS.includes(algorithm)) fail(`--algorithm must be one of ${ALGORITHMS.join(', ')}`);
const keyHex = (values.key ?? (values['key-file'] ? readFileSync(values['key-file'], 'utf8') : process.env.WB_KEY) ?? '').trim();
if (!/^[0-9a-fA-F]*$/.test(keyHex) || keyHex.length !== KEY_BYTES[algorithm] * 2) fail(`${algorithm} needs a key of ${KEY_BYTES[algorithm] * 2} hex digits (--key, --key-file or WB_KEY)`);
const key = Buffer.from(keyHex, 'hex');
const options: LibraryOptions = {
  algorithm,
  directions: values.direction === 'both' ? ['enc', 'dec'] : (values.direction!.split(',') as LibraryOptions['directions']),
  modes: values.mode!.split(',') as LibraryOptions['modes'],
  padding: values.padding as LibraryOptions['padding'],
  preference: values.preference as LibraryOptions['preference'],
  logo: values.logo ?? `wbsk${randomBytes(3).toString('hex')}`,
  androidPackages: values.android!.split(',').filter(Boolean),
  iosBundleIds: values.ios!.split(',').filter(Boolean),
};
const problem = checkOptions(options);
if (problem) fail(problem);

const started = Date.now();
const lib = generateLibrary(key, options);
const out = path.resolve(values.out);
mkdirSync(out, { recursive: true });
for (const [name, data] of lib.files) writeFileSync(path.join(out, name), data);
console.log(`generated ${options.logo} (${algorithm}, tables ${lib.tableBytes} bytes) in ${Date.now() - started} ms -> ${out}`);
if (!values['no-verify']) {
  const work = mkdtempSync(path.join(tmpdir(), 'wb-verify-'));
  try {
    const r = await verifyLibrary(work, key, options, lib.files, { throughput: true });
    for (const c of r.checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
    for (const [name, data] of r.artifacts) {
      mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
      writeFileSync(path.join(out, name), data);
    }
    if (r.throughput) console.log(`throughput: white-box ${r.throughput.wbtoolMBps.toFixed(2)} MB/s, ${r.throughput.reference} ${r.throughput.referenceMBps.toFixed(1)} MB/s`);
    if (!r.ok) fail('verification failed');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
if (values.dca) {
  const d = runDca(lib, key, { traces: Number(values.dca) });
  console.log(JSON.stringify(d, null, 2));
}
