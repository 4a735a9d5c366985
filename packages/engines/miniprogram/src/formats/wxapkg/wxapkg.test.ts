import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { packWxapkg } from '../test-utils/wxapkg-packer.ts';
import { parseWxapkg, wxapkgEntryData } from './index.ts';

const appConfig = JSON.stringify({ pages: ['pages/index/index'], debug: true });
const planted = [
  { name: '/app-config.json', data: appConfig },
  { name: '/app-service.js', data: 'define("utils/secret.js", function(require, module, exports){ var AppSecret = "0123456789abcdef0123456789abcdef"; });' },
  { name: '/pages/index/index.html', data: '<div></div>' },
  { name: '/empty.txt', data: '' },
];

const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
const setU32 = (b: Uint8Array, at: number, v: number) => new DataView(b.buffer, b.byteOffset).setUint32(at, v, false);

describe('parseWxapkg', () => {
  it('lists the packed files and returns their bytes', () => {
    const pkg = packWxapkg(planted);
    const w = parseWxapkg(pkg);
    expect(w.entries.map((e) => e.name)).toEqual(planted.map((f) => f.name));
    expect(w.entries[0]?.path).toBe('app-config.json');
    expect(w.entries.every((e) => e.nameIssues.length === 0)).toBe(true);
    expect(text(wxapkgEntryData(pkg, w.entries[0]!))).toBe(appConfig);
    expect(text(wxapkgEntryData(pkg, w.entries[1]!))).toContain('AppSecret');
    expect(w.warnings).toEqual([]);
  });

  it('flags dangerous names without refusing the package', () => {
    const w = parseWxapkg(packWxapkg([
      { name: '/../../etc/passwd', data: 'x' },
      { name: 'no-slash.js', data: 'y' },
      { name: '/a\\b.js', data: 'z' },
      { name: '/C:/win.js', data: 'w' },
    ]));
    expect(w.entries.map((e) => e.nameIssues)).toEqual([['dot-dot'], ['not-rooted'], ['backslash'], ['drive-letter']]);
  });

  it('refuses file counts that cannot fit and absurd name lengths', () => {
    const pkg = packWxapkg(planted);
    const many = pkg.slice();
    setU32(many, 14, 0x7fffffff);
    expect(() => parseWxapkg(many)).toThrow(/cannot fit|over the limit/);
    const longName = pkg.slice();
    setU32(longName, 18, 0xfffffff0);
    expect(() => parseWxapkg(longName)).toThrow(FormatError);
  });

  it('refuses offsets and sizes beyond the file, data inside the index, and bad header lengths', () => {
    const pkg = packWxapkg(planted);
    const firstOffsetAt = 18 + 4 + '/app-config.json'.length;
    const past = pkg.slice();
    setU32(past, firstOffsetAt + 4, 0xffffff00); // size
    expect(() => parseWxapkg(past)).toThrow(/past the end/);
    const inIndex = pkg.slice();
    setU32(inIndex, firstOffsetAt, 3);
    expect(() => parseWxapkg(inIndex)).toThrow(/inside the header or index/);
    const bigIndex = pkg.slice();
    setU32(bigIndex, 5, 0xffffffff);
    expect(() => parseWxapkg(bigIndex)).toThrow(/index/);
    const bigBody = pkg.slice();
    setU32(bigBody, 9, 0x7fffffff);
    expect(() => parseWxapkg(bigBody)).toThrow(/body/);
  });

  it('refuses overlapping entries', () => {
    const pkg = packWxapkg(planted);
    const secondOffsetAt = 18 + 12 + '/app-config.json'.length + 4 + '/app-service.js'.length;
    const overlap = pkg.slice();
    setU32(overlap, secondOffsetAt, new DataView(pkg.buffer).getUint32(18 + 4 + '/app-config.json'.length, false));
    expect(() => parseWxapkg(overlap)).toThrow(/overlap/);
  });

  it('refuses what is not a wxapkg, naming the PC-encrypted variant', () => {
    expect(() => parseWxapkg(new Uint8Array(40))).toThrow(/not a wxapkg/);
    expect(() => parseWxapkg(new Uint8Array(5))).toThrow(/too short/);
    expect(() => parseWxapkg(new Uint8Array([...Buffer.from('V1MMWX'), ...new Uint8Array(40)]))).toThrow(/V1MMWX/);
  });

  it('survives 500 deterministic mutations: parses or throws FormatError', () => {
    const pkg = packWxapkg(planted);
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    let parsed = 0;
    for (let i = 0; i < 500; i++) {
      const m = i % 5 === 4 ? pkg.slice(0, Math.floor(rnd() * pkg.length)) : pkg.slice();
      if (i % 5 !== 4) for (let k = 0; k < 1 + (i % 4); k++) m[Math.floor(rnd() * Math.min(m.length, 120))] = Math.floor(rnd() * 256);
      try {
        const w = parseWxapkg(m);
        for (const e of w.entries) wxapkgEntryData(m, e);
        parsed++;
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
      }
    }
    expect(parsed).toBeGreaterThan(0);
  });
});
