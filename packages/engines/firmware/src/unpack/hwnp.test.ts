import { describe, expect, it } from 'vitest';
import { buildHwnp, buildSquashfs } from '../testing/index.ts';
import { unpackImage } from './scan.ts';

const rootfs = buildSquashfs({ type: 'dir', children: { etc: { type: 'dir', children: { passwd: { type: 'file', data: 'root:x:0:0:root:/root:/bin/sh\n' } } } } });
const xml = new TextEncoder().encode('<upgradecheck><HardVerCheck CheckEnable="0"/></upgradecheck>\n');
const packet = (): Uint8Array =>
  buildHwnp([
    { name: 'file:/var/UpgradeCheck.xml', section: 'UPGRDCHECK', data: xml },
    { name: 'flash:rootfs', section: 'ROOTFS', version: 'V300R015C10SPC130', data: rootfs },
  ]);

describe('Huawei HWNP upgrade packets', () => {
  it('claims the packet, lists file items at their path, unpacks flash items by their own format, names vendor and version', () => {
    const img = packet();
    const u = unpackImage(img);
    expect(u.regions).toHaveLength(1);
    const r = u.regions[0]!;
    expect(r).toMatchObject({ handler: 'hwnp', offset: 0, length: img.length });
    expect(r.error).toBeUndefined();
    expect(r.detail).toContain('COMMON|CMCC|');
    expect(r.children?.map((c) => c.handler)).toEqual(['squashfs']);
    expect(u.facts).toMatchObject({ vendor: 'Huawei', container: 'HWNP', firmwareVersion: 'V300R015C10SPC130' });
    const items = u.filesystems.find((f) => f.kind === 'hwnp')!;
    expect(new TextDecoder().decode(items.nodes.find((n) => n.path === '/var/UpgradeCheck.xml')!.data)).toContain('upgradecheck');
    expect(items.nodes.find((n) => n.path === '/flash/rootfs')!.size).toBe(rootfs.length);
    expect(u.filesystems.find((f) => f.kind === 'squashfs')!.nodes.some((n) => n.path === '/etc/passwd')).toBe(true);
  });

  it('a modified item, a truncated packet and an item pointing outside are reported, never thrown', () => {
    const bad = packet();
    bad[bad.length - 10] = bad[bad.length - 10]! ^ 0xff;
    expect(unpackImage(bad).regions[0]!.error).toMatch(/CRC/);
    const cut = unpackImage(packet().subarray(0, 1000)).regions[0]!;
    expect(cut.error).toMatch(/truncated/);
    const outside = packet();
    const dv = new DataView(outside.buffer);
    const first = 36 + 16; // product list "COMMON|CMCC|" padded to 16
    dv.setUint32(first + 8, 0x7fffffff, true);
    const u = unpackImage(outside);
    expect(u.regions[0]!.error).toMatch(/outside the packet|CRC/);
    expect(u.filesystems[0]!.errors.join('\n')).toMatch(/outside the packet/);
    let seed = 21;
    const rnd = (n: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
    for (let round = 0; round < 60; round++) {
      const b = packet();
      for (let k = 0; k < 6; k++) b[rnd(800)] = rnd(256);
      expect(() => unpackImage(b)).not.toThrow();
    }
  });
});
