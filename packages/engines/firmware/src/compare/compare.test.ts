import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { md5crypt } from '../analysis/crypt.ts';
import { type TestNode, buildImage } from '../testing/index.ts';
import { compareImages } from './images.ts';
import { lineDiff } from './diff.ts';

const dir = mkdtempSync(join(tmpdir(), 'fw-compare-'));
const image = (version: string, extra: Record<string, TestNode>, shadowPw: string): { path: string; name: string } => {
  const img = buildImage({
    type: 'dir',
    children: {
      bin: { type: 'dir', children: { busybox: { type: 'file', data: `\0BusyBox v${version} multi-call binary\0` } } },
      etc: { type: 'dir', children: { shadow: { type: 'file', data: `root:${md5crypt(shadowPw, '$1$saltsalt$')}:0:0:99999:7:::\n` }, 'rc.conf': { type: 'file', data: `a=1\nb=2\nversion=${version}\nc=3\n` } } },
      ...extra,
    },
  });
  const path = join(dir, `${version}.bin`);
  writeFileSync(path, img);
  return { path, name: `${version}.bin` };
};

describe('firmware compare', () => {
  it('files only in A / only in B / changed with a text diff, component versions, findings new and fixed', async () => {
    const a = image('1.01', { old: { type: 'file', data: 'gone' } }, 'admin');
    const b = image('1.36.1', { new: { type: 'file', data: 'here' } }, 'a-long-random-passphrase');
    const cmp = await compareImages(a, b);
    expect(cmp.onlyInA.map((f) => f.path)).toEqual(['/old']);
    expect(cmp.onlyInB.map((f) => f.path)).toEqual(['/new']);
    const rc = cmp.changed.find((c) => c.path === '/etc/rc.conf')!;
    expect(rc.diff).toEqual([' a=1', ' b=2', '-version=1.01', '+version=1.36.1', ' c=3', ' ']);
    expect(cmp.components.changed).toContainEqual({ name: 'busybox', a: '1.01', b: '1.36.1' });
    expect(cmp.findings.fixed.map((f) => f.ruleId)).toContain('firmware.accounts.default_password');
    expect(cmp.findings.new.map((f) => f.ruleId)).not.toContain('firmware.accounts.default_password');
  });

  it('line diff keeps context and refuses huge texts', () => {
    expect(lineDiff('x\ny\nz', 'x\nY\nz')).toEqual([' x', '-y', '+Y', ' z']);
    expect(lineDiff('a\n'.repeat(5000), 'b')).toBeUndefined();
  });
});
