/**
 * Issue 30: the portal now uploads Alipay packages under their own kind, so a
 * task on the Alipay platform may carry a plain "app.zip" or "app.tar" with no
 * Alipay hint in its name; the requested platform is enough to open it, and
 * without it such a file is still not taken for a mini-program.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alipayAmr, alipayTar } from '../testing/build.ts';
import { openProject } from './open-project.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'alipay-platform-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files = { 'app.json': JSON.stringify({ pages: ['pages/index/index'] }), 'pages/index/index.js': 'Page({})' };

describe('Alipay packages by the requested platform', () => {
  it('opens a plain zip and tar when the task is an Alipay task', async () => {
    for (const [name, bytes] of [['app.zip', alipayAmr(files)], ['app.tar', alipayTar(files)]] as const) {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      const project = await openProject([{ name, path: file }], { platform: 'alipay_miniprogram' });
      expect(project.platform).toBe('alipay_miniprogram');
      expect(project.files.map((f) => f.path)).toContain('pages/index/index.js');
      await expect(openProject([{ name, path: file }])).rejects.toThrow(/not a WeChat/);
    }
  });
});
