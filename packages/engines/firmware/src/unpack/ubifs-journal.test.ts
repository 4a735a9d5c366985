import { describe, expect, it } from 'vitest';
import { buildUbi, buildUbifs, type TestNode } from '../testing/index.ts';
import { unpackImage } from './scan.ts';
import { linuxCrc32 } from './ubi/crc.ts';

const tree: TestNode & { type: 'dir' } = {
  type: 'dir',
  children: {
    etc: { type: 'dir', children: { hosts: { type: 'file', data: '127.0.0.1 localhost\n' } } },
    'config.ini': { type: 'file', data: 'admin_password=old\n' },
    'debug.log': { type: 'file', data: 'boot ok\n' },
  },
};
const LEB = 16384;
const read = (img: Uint8Array) => {
  const fs = unpackImage(img).filesystems.find((f) => f.kind === 'ubifs')!;
  const at = (p: string) => fs.nodes.find((n) => n.path === p);
  return { fs, at, text: (p: string) => (at(p)?.data ? new TextDecoder().decode(at(p)!.data) : undefined) };
};

describe('UBIFS journal replay', () => {
  it('files written, rewritten and removed after the last commit are as the journal left them; a torn last write is dropped', () => {
    const ubifs = buildUbifs(tree, { leb: LEB, compressor: 'zlib', journal: { write: { 'config.ini': 'admin_password=new\n', 'added.txt': 'written after the commit\n'.repeat(300) }, remove: ['debug.log'], torn: true } });
    const { fs, at, text } = read(buildUbi([{ name: 'rootfs', data: ubifs }]));
    expect(text('/config.ini')).toBe('admin_password=new\n');
    expect(text('/added.txt')).toBe('written after the commit\n'.repeat(300));
    expect(at('/debug.log')).toBeUndefined();
    expect(text('/etc/hosts')).toBe('127.0.0.1 localhost\n');
    expect(fs.variant).toMatch(/journal nodes replayed/);
    expect(fs.errors).toEqual([]);
  });

  it('without a journal, or with a log of another commit, the index alone is read', () => {
    const plain = read(buildUbi([{ name: 'rootfs', data: buildUbifs(tree, { leb: LEB }) }]));
    expect(plain.text('/config.ini')).toBe('admin_password=old\n');
    expect(plain.fs.variant).not.toMatch(/journal/);
    const ubifs = buildUbifs(tree, { leb: LEB, journal: { write: { 'config.ini': 'x\n' } } });
    // The commit-start node names commit 7: make the master name commit 8 (CRC redone) so the log is stale.
    const bad = new Uint8Array(ubifs);
    const dv = new DataView(bad.buffer);
    for (const lnum of [1, 2]) {
      const at = lnum * LEB;
      dv.setBigUint64(at + 32, 8n, true);
      dv.setUint32(at + 4, linuxCrc32(bad.subarray(at + 8, at + 512)), true);
    }
    const stale = read(buildUbi([{ name: 'rootfs', data: bad }]));
    expect(stale.text('/config.ini')).toBe('admin_password=old\n');
    expect(stale.fs.errors.join(' ')).toMatch(/no commit-start node for commit 8/);
  });
});
