/**
 * Benchmark of the full mini-program engine on packages built here:
 *   npm run bench -- miniprogram   (or npx tsx packages/engines/miniprogram/bench/engine.bench.ts [runs])
 * A realistic large WeChat package (~20 MB: a few hundred page modules with
 * requests, storage and privacy calls, vendor libraries, WXML, JSON, a
 * source map and image assets), the same package PC-encrypted, and an
 * Alipay .amr of the same code. Each runs in its own child process, so peak
 * RSS is per package: median wall time of N full assessments and peak RSS.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alipayAmr, appServiceBundle, encryptedWechatPackage, wechatPackage } from '../src/testing/build.ts';
import { engine } from '../src/index.ts';

const runs = Number(process.argv[2] ?? 5);
const APP_ID = 'wx1234567890abcdef';
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function pageModule(i: number): string {
  return [
    `var util = require("../../utils/util.js");`,
    `Page({ data: { list: [], page: ${i} },`,
    `  onLoad: function (q) { var that = this; wx.showLoading({ title: "加载中" });`,
    `    wx.request({ url: "https://api${i % 7}.example.com/v2/items?page=" + q.page, method: "GET", header: { token: wx.getStorageSync("token") },`,
    `      success: function (res) { that.setData({ list: res.data.items }); console.log("items", res.data.items.length); } });`,
    i % 50 === 0 ? `    wx.getLocation({ type: "gcj02", success: function (r) { that.setData({ lat: r.latitude }); } });` : '    // location not needed here',
    i % 80 === 0 ? `    wx.setStorageSync("userPhone", q.phone);` : '',
    `  },`,
    `  onShareAppMessage: function () { return { title: "item ${i}", path: "/pages/p${i}/index" }; },`,
    `  format: function (n) { return util.formatNumber(n) + "${'x'.repeat(40)}"; }`,
    `});`,
    `/* ${'filler comment to reach realistic module sizes; '.repeat(30)} */`,
  ].join('\n');
}

function vendor(): string {
  const body = 'function h(a,b){for(var c=0,d=a.length;c<d;c++)b(a[c],c);return a}var k=Object.prototype.hasOwnProperty;';
  return `//! moment.js\n//! version : 2.29.1\n;(function(){${body.repeat(40_000)}})();`;
}

export function buildLargePackage(): { modules: Record<string, string>; files: { name: string; data: string | Uint8Array }[] } {
  const modules: Record<string, string> = { 'app.js': 'App({ onLaunch: function () { var t = wx.getStorageSync("token"); if (!t) wx.login({}); } });', 'utils/util.js': 'module.exports = { formatNumber: function (n) { return n < 10 ? "0" + n : "" + n; } };', 'libs/vendor.js': vendor() };
  const files: { name: string; data: string | Uint8Array }[] = [];
  for (let i = 0; i < 600; i++) {
    modules[`pages/p${i}/index.js`] = pageModule(i);
    files.push({ name: `/pages/p${i}/index.wxml`, data: `<view class="list"><block wx:for="{{list}}"><view>{{item.name}}</view></block><button open-type="${i % 100 === 0 ? 'getPhoneNumber' : 'share'}">go</button></view>` });
    files.push({ name: `/pages/p${i}/index.json`, data: '{"navigationBarTitleText":"列表","usingComponents":{}}' });
  }
  for (let i = 0; i < 220; i++) files.push({ name: `/images/img${i}.png`, data: Uint8Array.from({ length: 60_000 }, (_, k) => (k * 31 + i) & 0xff) });
  files.push({ name: '/app-service.js.map', data: JSON.stringify({ version: 3, sources: ['app.js'], sourcesContent: ['x'.repeat(2_000_000)] }) });
  return { modules, files };
}

async function child(path: string, name: string, params: Record<string, string>): Promise<void> {
  const times: number[] = [];
  let summary = '';
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const a = await engine.run({ files: [{ path, name }] }, { params }, {});
    times.push(performance.now() - t);
    summary = `${a.findings.filter((f) => f.result === 'fail').length} failed items, score ${a.score.score}, ${String(a.target.fileCount)} files`;
  }
  console.log(JSON.stringify({ medianMs: median(times), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), summary }));
}

async function main(): Promise<void> {
  if (process.argv[3]) return child(process.argv[3], process.argv[4]!, process.argv[5] ? { appid: process.argv[5] } : {});
  const dir = mkdtempSync(join(tmpdir(), 'mp-bench-'));
  try {
    const spec = { appConfig: { pages: Array.from({ length: 600 }, (_, i) => `pages/p${i}/index`), requiredPrivateInfos: [] }, ...buildLargePackage() };
    const plain = wechatPackage(spec);
    const cases: [string, Uint8Array, string?][] = [
      ['__APP__.wxapkg', plain],
      ['pc__APP__.wxapkg', encryptedWechatPackage(spec, APP_ID), APP_ID],
      ['2021001234567890.amr', alipayAmr({ 'app.json': JSON.stringify({ pages: ['pages/p0/index'] }), 'index.worker.js': appServiceBundle(spec.modules).replace(/\bwx\./g, 'my.'), ...Object.fromEntries(spec.files.map((f) => [f.name.slice(1).replace(/\.wxml$/, '.axml'), Buffer.from(f.data)])) })],
    ];
    for (const [name, bytes, appId] of cases) {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), String(runs), path, name, ...(appId ? [appId] : [])], { encoding: 'utf8' });
      const line = r.stdout.trim().split('\n').pop() ?? '';
      try {
        const res = JSON.parse(line) as { medianMs: number; peakRssMb: number; summary: string };
        console.log(`${name} (${(bytes.length / 1048576).toFixed(1)} MB on disk): median ${res.medianMs.toFixed(0)} ms of ${runs}, peak RSS ${res.peakRssMb} MB (${res.summary})`);
      } catch {
        console.log(`${name}: failed\n${r.stderr}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
