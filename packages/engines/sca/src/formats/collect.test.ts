/**
 * The formats as the input collector meets them: a root file system's package
 * database found by its path with the release from os-release, an executable
 * with Go build info in a project folder, a JAR known only by its MANIFEST.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip } from '@citadel/engine-core';
import { collectManifests } from '../input.ts';
import { goBuildInfo, minimalElf } from './test-builders.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tree(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(join(tmpdir(), 'sca-collect-'));
  dirs.push(root);
  for (const [p, data] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), data);
  }
  return root;
}

describe('collecting the new formats', () => {
  it('reads dpkg status by its path with the Debian release, and a Go executable in the folder', async () => {
    const root = tree({
      'rootfs/var/lib/dpkg/status': 'Package: libssl3\nStatus: install ok installed\nSource: openssl\nVersion: 3.0.11-1~deb12u2\n',
      'rootfs/etc/os-release': 'ID=debian\nVERSION_ID="12"\n',
      'bin/app': minimalElf([{ name: '.go.buildinfo', data: goBuildInfo('go1.22.1', 'path\tx\nmod\tx\t(devel)\t\ndep\tgolang.org/x/net\tv0.17.0\th1:x=\n') }]),
      'bin/notes.txt': 'status',
    });
    chmodSync(join(root, 'bin/app'), 0o755);
    const { manifests, unreadable } = await collectManifests(root, 'project');
    expect(unreadable).toEqual([]);
    const byFormat = Object.fromEntries(manifests.map((m) => [m.format, m]));
    expect(Object.keys(byFormat).sort()).toEqual(['Go binary', 'dpkg status']);
    expect(byFormat['dpkg status']!.packages).toMatchObject([{ ecosystem: 'Debian:12', name: 'openssl', version: '3.0.11-1~deb12u2' }]);
    expect(byFormat['Go binary']!.file).toBe('bin/app');
    expect(byFormat['Go binary']!.packages.map((p) => `${p.name}@${p.version}`).sort()).toEqual(['golang.org/x/net@v0.17.0', 'stdlib@1.22.1']);
  });

  it('reads a single executable, and refuses one without build info clearly', async () => {
    const root = tree({ app: minimalElf([{ name: '.go.buildinfo', data: goBuildInfo('go1.21.0', 'dep\tgithub.com/a/b\tv1.0.0\t\n') }]), plain: minimalElf([{ name: '.text', data: new Uint8Array(80) }]) });
    const { manifests } = await collectManifests(join(root, 'app'), 'app');
    expect(manifests[0]!.packages.map((p) => p.name).sort()).toEqual(['github.com/a/b', 'stdlib']);
    await expect(collectManifests(join(root, 'plain'), 'plain')).rejects.toThrow(/without Go build info or a cargo-auditable/);
  });

  it('reads executables of a root file system tarball by their mode and header', async () => {
    const root = tree({
      'fs/usr/local/bin/svc': minimalElf([{ name: '.go.buildinfo', data: goBuildInfo('go1.20.5', 'dep\tgithub.com/gin-gonic/gin\tv1.9.0\th1:x=\n') }]),
      'fs/usr/bin/tool': minimalElf([{ name: '.text', data: new Uint8Array(80) }]),
      'fs/usr/bin/script': '#!/bin/sh\n' + 'echo hello world\n'.repeat(8),
      'fs/data.bin': minimalElf([{ name: '.go.buildinfo', data: goBuildInfo('go1.20.5', 'dep\tnot/executable\tv1.0.0\t\n') }]),
    });
    for (const f of ['fs/usr/local/bin/svc', 'fs/usr/bin/tool', 'fs/usr/bin/script']) chmodSync(join(root, f), 0o755);
    const out = join(root, 'rootfs.tar.gz');
    execFileSync('tar', ['czf', out, '-C', join(root, 'fs'), '.']);
    const { manifests, unreadable } = await collectManifests(out, 'rootfs.tar.gz');
    expect(unreadable).toEqual([]);
    expect(manifests.map((m) => `${m.format} ${m.file}`)).toEqual(['Go binary usr/local/bin/svc']);
    expect(manifests[0]!.packages.map((p) => p.name).sort()).toEqual(['github.com/gin-gonic/gin', 'stdlib']);
  });

  it('reads apk installed inside a zip of a root file system, and a MANIFEST-only JAR', async () => {
    const root = tree({});
    writeFileSync(join(root, 'img.zip'), buildZip([
      { name: 'lib/apk/db/installed', data: 'P:libcrypto3\nV:3.1.4-r1\no:openssl\n\nP:musl\nV:1.2.4-r2\no:musl\n' },
      { name: 'etc/os-release', data: 'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.18.4\n' },
      { name: 'app/lib/commons-text-1.9.jar', data: buildZip([{ name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\r\nBundle-SymbolicName: org.apache.commons.commons-text\r\nBundle-Version: 1.9\r\n' }]), method: 'stored' },
    ]));
    const { manifests, unreadable } = await collectManifests(join(root, 'img.zip'), 'img.zip');
    expect(unreadable).toEqual([]);
    const apk = manifests.find((m) => m.format === 'apk installed')!;
    expect(apk.packages.map((p) => `${p.ecosystem} ${p.name}@${p.version}`).sort()).toEqual(['Alpine:v3.18 musl@1.2.4-r2', 'Alpine:v3.18 openssl@3.1.4-r1']);
    const jar = manifests.find((m) => m.format === 'jar')!;
    expect(jar.packages).toMatchObject([{ ecosystem: 'Maven', name: 'org.apache.commons:commons-text', version: '1.9', direct: true }]);
  });
});
