import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Assessment, Finding } from '@citadel/contracts';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5crypt } from './analysis/crypt.ts';
import { engine } from './engine.ts';
import { FIRMWARE_CORPUS, buildImage, hasImage } from './testing/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'fw-engine-'));
const key = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

async function assess(bytes: Uint8Array, name = 'image.bin', options = {}): Promise<Assessment> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return engine.run({ files: [{ path, name }] }, options, { now: () => new Date('2026-01-01T00:00:00Z') });
}
const row = (a: Assessment, key: string): Finding => a.findings.find((f) => f.ruleId === `firmware.${key}`)!;

const router = buildImage({
  type: 'dir',
  children: {
    bin: { type: 'dir', children: { busybox: { type: 'file', data: '\0BusyBox v1.19.4 (2014-01-01) multi-call binary\0', mode: 0o755 }, sh: { type: 'symlink', target: 'busybox' } } },
    etc: {
      type: 'dir',
      children: {
        shadow: { type: 'file', data: `root:${md5crypt('admin', '$1$abcdefgh$')}:15502:0:99999:7:::\nnobody:*:0:0:99999:7:::\nguest::0:0:99999:7:::\n` },
        passwd: { type: 'file', data: 'root:x:0:0:root:/root:/bin/sh\nftp:x:0:0:ftp:/home/ftp:/bin/sh\nnobody:x:99:99:nobody:/:/bin/false\n' },
        inittab: { type: 'file', data: '::sysinit:/etc/init.d/rcS\n' },
        'init.d': { type: 'dir', children: { rcS: { type: 'file', data: '#!/bin/sh\n/usr/sbin/telnetd -l /bin/sh &\n/usr/sbin/httpd -h /www &\n' } } },
        'server.key': { type: 'file', data: key },
      },
    },
    www: { type: 'dir', children: { 'index.html': { type: 'file', data: '<html></html>' }, 'cgi-bin': { type: 'dir', children: { 'ping.cgi': { type: 'file', data: '#!/bin/sh\nHOST=`echo "$QUERY_STRING" | cut -d= -f2`\neval "ping -c 1 $QUERY_STRING"\n' } } } } },
    escape: { type: 'symlink', target: '../../../../etc/shadow' },
  },
});

describe('firmware engine on a built image', () => {
  it('finds the default password (masked), weak hash, empty password, UID 0, telnet at boot, the private key and the CGI injection', async () => {
    const a = await assess(router);
    expect(a.platform).toBe('firmware');
    expect(a.target).toMatchObject({ vendor: 'TP-Link', model: 'TL-WR841N v10', firmwareVersion: '3.16.9', kernelVersion: '2.6.31', nodeCount: expect.any(Number) });
    const dflt = row(a, 'accounts.default_password');
    expect(dflt.result).toBe('fail');
    expect(dflt.evidence[0]!.snippet).toBe('root: a***n');
    expect(JSON.stringify(a)).not.toContain(':admin');
    expect(row(a, 'accounts.weak_hash').result).toBe('fail');
    expect(row(a, 'accounts.empty_password').evidence.map((e) => e.snippet)).toEqual(['guest::…']);
    expect(row(a, 'accounts.login_shells').evidence[0]!.snippet).toBe('ftp');
    expect(row(a, 'network.telnet').evidence[0]).toMatchObject({ file: '/etc/init.d/rcS', line: 2 });
    expect(row(a, 'secrets.private_keys').evidence[0]).toMatchObject({ file: '/etc/server.key' });
    expect(row(a, 'web.command_execution').evidence.map((e) => e.line)).toEqual([2, 3]);
    expect(row(a, 'components.inventory').evidence.map((e) => e.snippet)).toContain('busybox 1.19.4');
    expect(row(a, 'components.known_vulnerabilities')).toMatchObject({ result: 'not_executed' });
    expect(row(a, 'unpack.anomalies').result).toBe('pass');
    const files = (a.target.files as { path: string; type: string; target?: string }[]);
    expect(files.find((f) => f.path === '/escape')).toMatchObject({ type: 'symlink', target: '../../../../etc/shadow' });
    const sbom = a.target.sbom as { bomFormat: string; components: { name: string; version: string }[] };
    expect(sbom.bomFormat).toBe('CycloneDX');
    expect(sbom.components.map((c) => `${c.name}@${c.version}`)).toContain('busybox@1.19.4');
  });

  it('refuses a file with no firmware structure, with a clear error', async () => {
    await expect(assess(new Uint8Array(4096).map((_, i) => (i * 7919) % 251), 'random.bin')).rejects.toThrow(/no known firmware format/);
  });

  it('takes firmware images by extension and by container signature', () => {
    expect(engine.accepts('x.bin', new Uint8Array(16))).toBe('firmware');
    expect(engine.accepts('rootfs', router.subarray(0, 4096))).toBe('firmware');
    expect(engine.accepts('app.apk', Uint8Array.of(0x50, 0x4b, 3, 4))).toBeUndefined();
  });
});

const VULNS = new URL('../../../../../shared/datasets/cve', import.meta.url).pathname;

describe.skipIf(!hasImage(FIRMWARE_CORPUS.tplink))('TP-Link TL-WR841N v10 (real image)', () => {
  it('identity, cracked MD5-crypt root password, BusyBox 1.01 and dropbear, httpd command formats, CVE-2020-8423', async () => {
    const a = await engine.run({ files: [{ path: FIRMWARE_CORPUS.tplink, name: 'wr841n.bin' }] }, hasImage(VULNS) ? { vulnData: { kind: 'folder', path: VULNS } } : {}, {});
    expect(a.target).toMatchObject({ vendor: 'TP-Link', model: 'TL-WR841N v10', firmwareVersion: '3.16.9', kernelVersion: '2.6.31', architecture: 'mips', fileCount: 374, nodeCount: 560 });
    expect(row(a, 'accounts.default_password').evidence[0]).toMatchObject({ file: '/etc/shadow', snippet: 'root: s*******n' });
    const comps = row(a, 'components.inventory').evidence.map((e) => e.snippet);
    expect(comps).toEqual(expect.arrayContaining(['busybox 1.01', 'dropbear 2012.55', 'linux 2.6.31', 'uclibc 0.9.30']));
    expect(row(a, 'web.command_execution').evidence.some((e) => e.file === '/usr/bin/httpd')).toBe(true);
    if (hasImage(VULNS)) {
      expect(row(a, 'components.device_vulnerabilities').evidence.map((e) => e.snippet)).toContain('CVE-2020-8423 TP-Link TL-WR841N v10 3.16.9');
      expect(row(a, 'components.known_vulnerabilities').evidence.find((e) => e.snippet?.startsWith('CVE-2016-7406 dropbear'))?.attribution).toEqual({ kind: 'sdk', name: 'dropbear 2012.55' });
      expect(row(a, 'components.device_vulnerabilities').attribution).toEqual({ kind: 'main' });
    }
  });
});

describe.skipIf(!hasImage(FIRMWARE_CORPUS.huawei))('Huawei HG532e (real image)', () => {
  it('identity from product strings, telnet from inetd, the shared private key, the UPnP upgrade command format (CVE-2017-17215)', async () => {
    const a = await engine.run({ files: [{ path: FIRMWARE_CORPUS.huawei, name: 'hg532e.bin' }] }, hasImage(VULNS) ? { vulnData: { kind: 'folder', path: VULNS } } : {}, {});
    expect(a.target).toMatchObject({ vendor: 'Huawei', model: 'HG532e', firmwareVersion: 'V100R001C01B020', kernelVersion: '2.6.21.5', fileCount: 102, nodeCount: 193 });
    expect(row(a, 'network.telnet').evidence[0]).toMatchObject({ file: '/etc/inetd.conf', line: 12 });
    expect(row(a, 'secrets.private_keys').evidence.map((e) => e.file)).toEqual(['/etc/serverkey.pem']);
    expect(row(a, 'secrets.certificates').evidence[0]!.detail).toMatch(/expired .*RSA 1024 bits/);
    expect(row(a, 'web.command_execution').evidence.some((e) => e.file === '/bin/upnp' && /upg -g -U %s/.test(e.snippet ?? ''))).toBe(true);
    if (hasImage(VULNS)) expect(row(a, 'components.device_vulnerabilities').evidence.map((e) => e.snippet)).toContain('CVE-2017-17215 Huawei HG532e V100R001C01B020');
  });
});
