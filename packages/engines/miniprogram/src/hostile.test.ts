import { buildZip, deflateBomb, EngineInputError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { packWxapkg } from './formats/test-utils/wxapkg-packer.ts';
import { MAX_TEXT_CHARS } from './project/model.ts';
import { alipayTar, assessFiles, details, result, row, wechatPackage } from './testing/build.ts';

const setU32 = (b: Uint8Array, at: number, v: number) => new DataView(b.buffer, b.byteOffset).setUint32(at, v, false);
const base = () => wechatPackage({ appConfig: { pages: ['p/i'] }, modules: { 'app.js': 'App({ onLaunch() { wx.getLocation({}); } });' } });
const assess = (bytes: Uint8Array, name = '__APP__.wxapkg') => assessFiles([{ name, bytes }]);

describe('hostile wxapkg input', () => {
  it('refuses counts, offsets and sizes past the end, and overlapping entries, as corrupt input', async () => {
    const count = base();
    setU32(count, 14, 0x7fffffff);
    await expect(assess(count)).rejects.toMatchObject({ code: 'corrupt' });
    const size = base();
    setU32(size, 18 + 4 + '/app-config.json'.length + 4, 0xfffffff0);
    await expect(assess(size)).rejects.toThrow(/past the end/);
    const overlap = base();
    const secondOffsetAt = 18 + 12 + '/app-config.json'.length + 4 + '/app-service.js'.length;
    setU32(overlap, secondOffsetAt, new DataView(overlap.buffer).getUint32(18 + 4 + '/app-config.json'.length, false));
    await expect(assess(overlap)).rejects.toThrow(/overlap/);
    const body = base();
    setU32(body, 9, 0xffffffff);
    await expect(assess(body)).rejects.toBeInstanceOf(EngineInputError);
  });

  it('reads "..", absolute-looking and control-character names as labels only, and reports them', async () => {
    const a = await assess(packWxapkg([{ name: '/app-config.json', data: '{"pages":[]}' }, { name: '/../../../etc/cron.d/x.js', data: 'eval(a)' }, { name: '/a\u0001.js', data: '' }]));
    expect(details(a, 'miniprogram.info.package_anomalies')).toEqual([expect.stringMatching(/dot-dot/), expect.stringMatching(/control-char/)]);
    expect(row(a, 'miniprogram.code.dynamic_code').evidence[0]?.file).toBe('../../../etc/cron.d/x.js');
  });

  it('assesses or refuses every one of 200 mutated packages, never crashing', async () => {
    const pkg = base();
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    let ok = 0;
    for (let i = 0; i < 200; i++) {
      const m = i % 4 === 3 ? pkg.slice(0, Math.floor(rnd() * pkg.length)) : pkg.slice();
      if (i % 4 !== 3) for (let k = 0; k < 1 + (i % 3); k++) m[Math.floor(rnd() * Math.min(m.length, 200))] = Math.floor(rnd() * 256);
      try {
        await assess(m);
        ok++;
      } catch (e) {
        expect(e).toBeInstanceOf(EngineInputError);
      }
    }
    expect(ok).toBeGreaterThan(0);
  });

  it('analyses a 100 MB single-line minified bundle on a bounded prefix and says so', async () => {
    const head = 'var cfg={api:"http://api.example.com/v1"};wx.setStorageSync("token",t);';
    const filler = 'function a(b){return b+1}var c=a(2),d=[1,2,3].map(function(e){return e*2});';
    const size = 100 << 20;
    const text = head + filler.repeat(Math.ceil((size - head.length) / filler.length));
    const a = await assess(packWxapkg([{ name: '/app-config.json', data: '{"pages":["p/i"]}' }, { name: '/vendor.js', data: text }]));
    expect(result(a, 'miniprogram.network.cleartext_endpoints')).toBe('fail');
    expect(result(a, 'miniprogram.code.sensitive_storage')).toBe('fail');
    expect(a.unreadable).toEqual([{ file: 'vendor.js', reason: `only the first ${MAX_TEXT_CHARS} of ${text.length} bytes were analysed` }]);
  }, 120_000);
});

describe('hostile Alipay input', () => {
  it('reports a deflate bomb entry as unreadable and goes on', async () => {
    const amr = buildZip([{ name: 'app.json', data: '{"pages":["a"]}' }, { name: 'pages/a.js', rawData: deflateBomb(64), declaredUncompressedSize: 64 << 20 }, { name: 'pages/b.js', data: 'my.getClipboard({})' }]);
    const a = await assessFiles([{ name: 'x.amr', bytes: amr }]);
    expect(a.unreadable.map((u) => u.file)).toEqual(['pages/a.js']);
    expect(result(a, 'alipay.privacy.clipboard_read')).toBe('fail');
  });

  it('reports climbing tar names and refuses a tar that is garbage from the start', async () => {
    const a = await assessFiles([{ name: 'alipay.tar', bytes: alipayTar({ 'app.json': '{"pages":[]}', '../../escape.js': 'eval(x)' }) }]);
    expect(details(a, 'alipay.info.package_anomalies')[0]).toMatch(/zip slip/);
    const junk = Buffer.alloc(2048, 0x41);
    junk.write('ustar', 257, 'latin1');
    await expect(assessFiles([{ name: 'alipay.tar', bytes: junk }])).rejects.toMatchObject({ code: 'corrupt' });
  });
});
