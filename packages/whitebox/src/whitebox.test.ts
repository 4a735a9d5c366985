import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesBlock, aesTableBytes, buildAes } from './aes/chow.ts';
import { aesBlockMasked } from './aes/masked.ts';
import { sm4BlockMasked } from './sm4/masked.ts';
import { generateLibrary } from './generate.ts';
import { type LibraryOptions, checkOptions, parseIdLines } from './options.ts';
import { referenceCrypt } from './reference.ts';
import { Rng } from './rng.ts';
import { secretNeedles, scanFiles } from './scan.ts';
import { buildSm4, sm4Block } from './sm4/xiao-lai.ts';
import { STANDARD_VECTORS } from './vectors.ts';

const base: LibraryOptions = { algorithm: 'aes128', directions: ['enc', 'dec'], modes: ['ecb', 'cbc'], padding: 'pkcs7', preference: 'security', logo: 'wbskTest1', androidPackages: [], iosBundleIds: [] };

describe('white-box tables (evaluated in TypeScript, the same lookups as the C code)', () => {
  for (const bytes of [16, 24, 32]) for (const mixing of [true, false]) {
    it(`AES-${bytes * 8} ${mixing ? 'security' : 'performance'} layout matches OpenSSL both ways`, () => {
      const key = randomBytes(bytes);
      const enc = buildAes(key, 'enc', { encodings: 'chow', mixing, rng: new Rng() });
      const dec = buildAes(key, 'dec', { encodings: 'chow', mixing, rng: new Rng() });
      for (let i = 0; i < 16; i++) {
        const p = randomBytes(16);
        const c = createCipheriv(`aes-${bytes * 8}-ecb`, key, null).setAutoPadding(false).update(p);
        expect(Buffer.from(aesBlock(enc, p)).toString('hex')).toBe(c.toString('hex'));
        expect(Buffer.from(aesBlock(dec, c)).toString('hex')).toBe(p.toString('hex'));
      }
      // Chow's figure for AES-128 with mixing bijections is about 770 KB per direction; ours stores XOR tables as bytes
      if (bytes === 16) expect(aesTableBytes(enc)).toBe(mixing ? 741_376 : 372_736);
    });
  }

  it('the masked evaluation (fresh masks per block) gives the same blocks, AES all sizes and SM4, both ways', () => {
    const masks = new Rng();
    for (const bytes of [16, 24, 32]) {
      const key = randomBytes(bytes);
      const enc = buildAes(key, 'enc', { encodings: 'chow', mixing: true, rng: new Rng() });
      const dec = buildAes(key, 'dec', { encodings: 'chow', mixing: true, rng: new Rng() });
      for (let i = 0; i < 8; i++) {
        const p = randomBytes(16);
        const c = createCipheriv(`aes-${bytes * 8}-ecb`, key, null).setAutoPadding(false).update(p);
        expect(Buffer.from(aesBlockMasked(enc, p, masks)).toString('hex')).toBe(c.toString('hex'));
        expect(Buffer.from(aesBlockMasked(dec, c, masks)).toString('hex')).toBe(p.toString('hex'));
      }
    }
    expect(() => aesBlockMasked(buildAes(randomBytes(16), 'enc', { encodings: 'chow', mixing: false, rng: new Rng() }), randomBytes(16), masks)).toThrow(/security layout/);
    const key = randomBytes(16);
    const enc = buildSm4(key, 'enc', { encodings: 'xiao-lai', rng: new Rng() });
    const dec = buildSm4(key, 'dec', { encodings: 'xiao-lai', rng: new Rng() });
    for (let i = 0; i < 8; i++) {
      const p = randomBytes(16);
      const c = referenceCrypt('sm4', 'enc', 'ecb', 'none', key, Buffer.alloc(16), p);
      expect(Buffer.from(sm4BlockMasked(enc, p, masks)).toString('hex')).toBe(c.toString('hex'));
      expect(Buffer.from(sm4BlockMasked(dec, c, masks)).toString('hex')).toBe(p.toString('hex'));
    }
  });

  it('security-first libraries carry the run-time masking, seeded from the OS; performance-first and the unmasked layout do not', () => {
    for (const algorithm of ['aes128', 'sm4'] as const) {
      const k = randomBytes(16);
      const lib = generateLibrary(k, { ...base, algorithm, directions: ['enc'] });
      const hardened = lib.files.get('wbskTest1.c')!.toString();
      expect(hardened).toContain('#define WB_MASKED 1');
      expect(hardened).toMatch(/getrandom\(|\/dev\/urandom/);
      expect(hardened).toContain('arc4random_buf');
      const readme = lib.files.get('README.md')!.toString();
      expect(readme).toMatch(/Hardened: fresh Boolean masks/);
      expect(readme).toMatch(/not against someone who hooks the random source/);
      expect(generateLibrary(k, { ...base, algorithm, directions: ['enc'] }, undefined, { masked: false }).files.get('wbskTest1.c')!.toString()).toContain('#define WB_MASKED 0');
    }
    expect(generateLibrary(randomBytes(16), { ...base, directions: ['enc'], preference: 'performance' }).files.get('wbskTest1.c')!.toString()).toContain('#define WB_MASKED 0');
  });

  it('AES standard vectors (FIPS-197 Appendix C) through the tables', () => {
    for (const alg of ['aes128', 'aes192', 'aes256'] as const) {
      const v = STANDARD_VECTORS[alg][0]!;
      const t = buildAes(Buffer.from(v.key, 'hex'), 'enc', { encodings: 'chow', mixing: true, rng: new Rng() });
      expect(Buffer.from(aesBlock(t, Buffer.from(v.plaintext, 'hex'))).toString('hex')).toBe(v.ciphertext);
    }
  });

  it('SM4 (Xiao–Lai) matches sm-crypto and GB/T 32907-2016 A.1 both ways', () => {
    const v = STANDARD_VECTORS.sm4[0]!;
    const k = Buffer.from(v.key, 'hex');
    expect(Buffer.from(sm4Block(buildSm4(k, 'enc', { encodings: 'xiao-lai', rng: new Rng() }), Buffer.from(v.plaintext, 'hex'))).toString('hex')).toBe(v.ciphertext);
    const key = randomBytes(16);
    const enc = buildSm4(key, 'enc', { encodings: 'xiao-lai', rng: new Rng() });
    const dec = buildSm4(key, 'dec', { encodings: 'xiao-lai', rng: new Rng() });
    for (let i = 0; i < 16; i++) {
      const p = randomBytes(16);
      const c = referenceCrypt('sm4', 'enc', 'ecb', 'none', key, Buffer.alloc(16), p);
      expect(Buffer.from(sm4Block(enc, p)).toString('hex')).toBe(c.toString('hex'));
      expect(Buffer.from(sm4Block(dec, c)).toString('hex')).toBe(p.toString('hex'));
    }
  });

  it('the reference SM4 (sm-crypto) agrees with OpenSSL where Node has SM4', () => {
    const key = randomBytes(16);
    const iv = randomBytes(16);
    const p = randomBytes(45);
    const ours = referenceCrypt('sm4', 'enc', 'cbc', 'pkcs7', key, iv, p);
    try {
      const c = createCipheriv('sm4-cbc', key, iv);
      expect(Buffer.concat([c.update(p), c.final()]).toString('hex')).toBe(ours.toString('hex'));
      const d = createDecipheriv('sm4-cbc', key, iv);
      expect(Buffer.concat([d.update(ours), d.final()]).toString('hex')).toBe(p.toString('hex'));
    } catch (e) {
      if (!/unknown cipher|Unsupported/i.test(String(e))) throw e;
    }
  });

  it('the same seed gives the same tables (static libraries), another seed other tables', () => {
    const key = randomBytes(16);
    const seed = randomBytes(32);
    const a = generateLibrary(key, base, seed).files.get('wbskTest1_tables.c')!;
    const b = generateLibrary(key, base, seed).files.get('wbskTest1_tables.c')!;
    const c = generateLibrary(key, base, randomBytes(32)).files.get('wbskTest1_tables.c')!;
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });
});

describe('generated files', () => {
  it('carry neither the key nor any round key, raw or hex; the scan does find a planted one', () => {
    for (const algorithm of ['aes128', 'aes256', 'sm4'] as const) {
      const key = randomBytes(algorithm === 'aes256' ? 32 : 16);
      const lib = generateLibrary(key, { ...base, algorithm });
      const needles = secretNeedles(algorithm, key);
      expect(scanFiles(lib.files, needles)).toEqual([]);
      const planted = new Map(lib.files);
      planted.set('x.c', Buffer.concat([Buffer.from('/* '), Buffer.from(needles[needles.length - 1]!), Buffer.from(' */')]));
      expect([...new Set(scanFiles(planted, needles).map((h) => h.file))]).toEqual(['x.c']);
    }
  });

  it('names every symbol with the logo and lists the bound apps', () => {
    const lib = generateLibrary(randomBytes(16), { ...base, algorithm: 'sm4', logo: 'wbskPay', androidPackages: ['com.example.pay'], iosBundleIds: ['com.example.ios'] });
    const c = lib.files.get('wbskPay.c')!.toString();
    expect(lib.files.has('wbskPay.h')).toBe(true);
    expect(c).toContain('int wbskPay_encrypt(');
    expect(c).toContain('"com.example.pay"');
    expect(c).toContain('"com.example.ios"');
    expect(lib.files.get('Makefile')!.toString()).toContain('P = wbskPay');
  });
});

describe('options (SPEC §5)', () => {
  it('needs a mode, a function, a logo starting with a letter', () => {
    expect(checkOptions(base)).toBeUndefined();
    expect(checkOptions({ ...base, modes: [] })).toMatch(/ECB and CBC/);
    expect(checkOptions({ ...base, directions: [] })).toMatch(/at least one/);
    expect(checkOptions({ ...base, logo: '1wbsk' })).toMatch(/starts with a letter/);
    expect(checkOptions({ ...base, logo: 'wb_sk' })).toMatch(/letters and digits/);
    expect(checkOptions({ ...base, androidPackages: ['com.ok.app', 'bad name"; system("x'] })).toMatch(/not a package name/);
    expect(parseIdLines(' com.a.b \r\n\ncom.c.d\ncom.a.b\n')).toEqual(['com.a.b', 'com.c.d']);
  });
});
