import { describe, expect, it } from 'vitest';
import type { Manifest } from '../model.ts';
import { isManifestName, parseApkInstalled, parseDpkgStatus, parserFor } from './index.ts';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const list = (m: Manifest) => m.packages.map((p) => `${p.ecosystem} ${p.name}@${p.version}`).sort();

const dpkg = `Package: libc6
Status: install ok installed
Source: glibc
Version: 2.36-9+deb12u4
Description: GNU C Library: Shared libraries
 Contains the standard libraries.
 .
 More text.

Package: libssl3
Status: install ok installed
Source: openssl (3.0.11-1~deb12u2)
Version: 3.0.11-1~deb12u2+b1

Package: oldpkg
Status: deinstall ok config-files
Version: 1.0

Package: bash
Status: install ok installed
Version: 5.2.15-2+b2
`;

describe('dpkg status', () => {
  it('records source packages and source versions of installed stanzas, release from os-release', () => {
    const m = parseDpkgStatus('var/lib/dpkg/status', b(dpkg), { id: 'debian', versionId: '12' });
    expect(list(m)).toEqual(['Debian:12 bash@5.2.15-2+b2', 'Debian:12 glibc@2.36-9+deb12u4', 'Debian:12 openssl@3.0.11-1~deb12u2']);
  });
  it('is found by path and reads os-release through the project view', () => {
    expect(isManifestName('status')).toBe(false);
    expect(isManifestName('rootfs/var/lib/dpkg/status')).toBe(true);
    expect(isManifestName('rootfs/etc/os-release')).toBe(true);
    expect(parserFor('rootfs/etc/os-release')).toBeUndefined();
    const osr = 'PRETTY_NAME="Ubuntu 22.04.3 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\nVERSION="22.04.3 LTS (Jammy Jellyfish)"\nID=ubuntu\n';
    const m = parserFor('rootfs/var/lib/dpkg/status')!('rootfs/var/lib/dpkg/status', b(dpkg), {
      include: (from, ref) => (from === 'rootfs/var/lib/dpkg/status' && ref === '../../../usr/lib/os-release' ? { file: 'rootfs/usr/lib/os-release', bytes: b(osr) } : undefined),
    });
    expect(m.packages[0]!.ecosystem).toBe('Ubuntu:22.04:LTS');
    const alone = parserFor('var/lib/dpkg/status')!('var/lib/dpkg/status', b(dpkg), {});
    expect(alone.packages[0]!.ecosystem).toBe('Debian');
    expect(alone.notes.join()).toMatch(/no etc\/os-release/);
  });
  it('refuses text that is not a status file', () => {
    expect(() => parseDpkgStatus('status', b('hello\nworld\n'))).toThrow(/not a dpkg status/);
    expect(parseDpkgStatus('status', b('')).packages).toEqual([]);
  });
});

describe('apk installed', () => {
  it('records origin packages with the Alpine release as OSV names it', () => {
    const src = `C:Q1abc=\nP:libcrypto3\nV:3.1.4-r1\nA:x86_64\no:openssl\nF:lib\n\nC:Q1def=\nP:musl\nV:1.2.4-r2\nA:x86_64\no:musl\n\nP:noversion\n`;
    const m = parseApkInstalled('lib/apk/db/installed', b(src), { id: 'alpine', versionId: '3.18.4' });
    expect(list(m)).toEqual(['Alpine:v3.18 musl@1.2.4-r2', 'Alpine:v3.18 noversion@', 'Alpine:v3.18 openssl@3.1.4-r1']);
    expect(m.packages.find((p) => p.name === 'noversion')!.unresolved).toMatch(/no V: line/);
    expect(() => parseApkInstalled('installed', b('Not an APK file!\n[[package]]\n'))).toThrow(/not an apk installed/);
  });
});
