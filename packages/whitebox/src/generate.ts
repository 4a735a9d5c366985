/**
 * Generates a white-box library: tables for the chosen directions, the C
 * sources, Makefile, wbtool, usage notes. Pure: returns files in memory; the
 * caller writes them (verify.ts compiles and checks them).
 */
import { randomBytes } from 'node:crypto';
import { type AesTables, aesTableBytes, buildAes } from './aes/chow.ts';
import { emitAes } from './emit/c-aes.ts';
import { core, header, makefile, readme, wbtool, xcframeworkScript } from './emit/c-lib.ts';
import { emitSm4 } from './emit/c-sm4.ts';
import { KEY_BYTES, type LibraryOptions, checkOptions } from './options.ts';
import { Rng } from './rng.ts';
import { secretNeedles, scanFiles } from './scan.ts';
import { type Sm4Tables, buildSm4, sm4TableBytes } from './sm4/xiao-lai.ts';

export interface GeneratedLibrary {
  files: Map<string, Buffer>;
  tableBytes: number;
  /** the tables, for the DCA self-assessment (kept in memory only) */
  tables: { kind: 'aes'; enc?: AesTables; dec?: AesTables } | { kind: 'sm4'; enc?: Sm4Tables; dec?: Sm4Tables };
  /** how many table sets were discarded because a key or round key pattern appeared by chance */
  retries: number;
}

/**
 * Layout choices the options imply; `masked` can be overridden to build the earlier,
 * unmasked security layout for comparison (bench, DCA re-measurement).
 */
export interface LayoutOverride {
  /** run-time masking of the outer rounds (default: on for security-first) */
  masked?: boolean;
}

export function generateLibrary(key: Uint8Array, o: LibraryOptions, seed?: Buffer, layout: LayoutOverride = {}): GeneratedLibrary {
  const problem = checkOptions(o);
  if (problem) throw new Error(problem);
  if (key.length !== KEY_BYTES[o.algorithm]) throw new Error(`${o.algorithm} needs a ${KEY_BYTES[o.algorithm] * 8}-bit key`);
  const rng = new Rng(seed ?? randomBytes(32));
  const needles = secretNeedles(o.algorithm, key);
  // A 4-byte SM4 round key can turn up inside ~700 KB of random tables by chance (about 1 % of builds); draw new tables then.
  for (let attempt = 0; attempt < 5; attempt++) {
    const g = generateOnce(key, o, rng, layout.masked ?? o.preference === 'security');
    if (scanFiles(g.files, needles).length === 0) return { ...g, retries: attempt };
  }
  throw new Error('the generated tables kept containing key material');
}

function generateOnce(key: Uint8Array, o: LibraryOptions, rng: Rng, masked: boolean): Omit<GeneratedLibrary, 'retries'> {
  const has = (d: 'enc' | 'dec') => o.directions.includes(d);
  let parts;
  let tableBytes = 0;
  let tables: GeneratedLibrary['tables'];
  const notes: string[] = [];
  if (o.algorithm === 'sm4') {
    const t = {
      enc: has('enc') ? { ...buildSm4(key, 'enc', { encodings: 'xiao-lai', rng }), masked } : undefined,
      dec: has('dec') ? { ...buildSm4(key, 'dec', { encodings: 'xiao-lai', rng }), masked } : undefined,
    };
    tableBytes = (t.enc ? sm4TableBytes(t.enc) : 0) + (t.dec ? sm4TableBytes(t.dec) : 0);
    parts = emitSm4(o.logo, t);
    tables = { kind: 'sm4', ...t };
    notes.push('SM4 after Xiao–Lai: random 32-bit affine encodings of the state words and 8-bit affine encodings of the S-box inputs.');
    if (masked) notes.push(MASK_NOTE_SM4);
  } else {
    const mixing = o.preference === 'security';
    if (masked && !mixing) throw new Error('run-time masking needs the security layout');
    const t = {
      enc: has('enc') ? { ...buildAes(key, 'enc', { encodings: 'chow', mixing, rng }), masked } : undefined,
      dec: has('dec') ? { ...buildAes(key, 'dec', { encodings: 'chow', mixing, rng }), masked } : undefined,
    };
    tableBytes = (t.enc ? aesTableBytes(t.enc) : 0) + (t.dec ? aesTableBytes(t.dec) : 0);
    parts = emitAes(o.logo, t);
    tables = { kind: 'aes', ...t };
    notes.push(
      mixing
        ? 'AES after Chow et al.: Type II (T-box + Ty_i + 32-bit mixing bijection), Type III (8-bit mixing bijections of the next round) and 4-bit encoded XOR tables.'
        : 'AES, performance layout: Type II tables (T-box + Ty_i + the next round’s 8-bit mixing bijection) and 4-bit encoded XOR tables; no 32-bit mixing bijections.',
    );
    if (masked) notes.push(MASK_NOTE_AES);
  }
  notes.push('No external encodings: the library takes and returns plain data so it interoperates with standard AES/SM4 peers.');
  const spec = {
    prefix: o.logo,
    algorithm: o.algorithm.toUpperCase(),
    keyBits: key.length * 8,
    directions: o.directions,
    modes: o.modes,
    padding: o.padding,
    androidPackages: o.androidPackages,
    iosBundleIds: o.iosBundleIds,
    tableBytes,
  };
  const files = new Map<string, Buffer>([
    [`${o.logo}.h`, Buffer.from(header(spec))],
    [`${o.logo}.c`, Buffer.from(core(spec, parts.core))],
    [`${o.logo}_tables.c`, Buffer.from(parts.tables)],
    ['wbtool.c', Buffer.from(wbtool(spec))],
    ['Makefile', Buffer.from(makefile(spec))],
    ['build-xcframework.sh', Buffer.from(xcframeworkScript(spec))],
    ['README.md', Buffer.from(readme(spec, notes))],
  ]);
  return { files, tableBytes, tables };
}

const MASK_CAVEAT =
  'The masks come from the operating system (/dev/urandom, arc4random_buf) through the process: this defends against trace-based DCA of the unmodified library, not against someone who hooks the random source or patches the code. Higher-order and algebraic attacks (e.g. BGE) are not addressed by it.';
const MASK_NOTE_AES = `Hardened: fresh Boolean masks for every block (xoshiro256** seeded from the OS on every call) on the first round's Type II and XOR tables, the last middle round's final XOR layer and the last-round tables, read through masked copies written per block. ${MASK_CAVEAT}`;
const MASK_NOTE_SM4 = `Hardened: fresh Boolean masks for every block (xoshiro256** seeded from the OS on every call) on the S-box tables of the first and last round, read through masked copies written per block. ${MASK_CAVEAT}`;
