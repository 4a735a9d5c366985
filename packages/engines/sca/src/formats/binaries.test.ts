import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const hasObjcopy = ((): boolean => {
  try {
    execFileSync('objcopy', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
import { ManifestError, type Manifest } from '../model.ts';
import { isExecutableHeader, jarIdentityFromManifest, parseBinary, parseCargoAuditable, parseGoBinary } from './index.ts';
import { groupFromSymbolicName, readManifestHeaders } from './jar-manifest.ts';
import { goBuildInfo, minimalElf } from './test-builders.ts';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const list = (m: Manifest) => m.packages.map((p) => `${p.name}@${p.version}${p.direct ? ' direct' : ''}${p.dev ? ' dev' : ''}`).sort();

describe('Go binaries', () => {
  const lines = 'path\texample.com/app\nmod\texample.com/app\t(devel)\t\ndep\tgolang.org/x/text\tv0.3.6\th1:abc=\ndep\tgithub.com/a/b\tv1.2.3\th1:def=\n=>\tgithub.com/fork/b\tv1.2.4\th1:ghi=\ndep\texample.com/local\tv0.0.0\n=>\t../local\t\t\nbuild\t-compiler=gc\n';
  it('reads the build info of a (minimal) ELF: modules, replacements and the toolchain as stdlib', () => {
    const elf = minimalElf([{ name: '.text', data: new Uint8Array(100) }, { name: '.go.buildinfo', data: goBuildInfo('go1.21.10', lines) }]);
    expect(isExecutableHeader(elf)).toBe(true);
    const m = parseBinary('app', elf);
    expect(m.format).toBe('Go binary');
    expect(list(m)).toEqual(['github.com/fork/b@v1.2.4', 'golang.org/x/text@v0.3.6', 'stdlib@1.21.10']);
    expect(m.packages.every((p) => p.ecosystem === 'Go')).toBe(true);
    expect(m.notes.join()).toMatch(/example.com\/local: replaced by a local copy/);
  });
  it('refuses pre-1.18 pointer build info and files without build info clearly', () => {
    expect(() => parseGoBinary('old', minimalElf([{ name: '.go.buildinfo', data: goBuildInfo('go1.16', lines, 0) }]))).toThrow(/before Go 1.18/);
    expect(() => parseGoBinary('c', minimalElf([{ name: '.text', data: new Uint8Array(64) }]))).toThrow(/no Go build information/);
    // Truncated: the module string's length points past the end of the file.
    const cut = goBuildInfo('go1.21.10', lines).slice(0, 60);
    expect(() => parseGoBinary('cut', cut)).toThrow(ManifestError);
  });
});

describe('cargo-auditable binaries', () => {
  const audit = {
    packages: [
      { name: 'app', version: '0.1.0', source: 'local', kind: 'runtime', dependencies: [1, 3], root: true },
      { name: 'serde', version: '1.0.150', source: 'crates.io', kind: 'runtime', dependencies: [2] },
      { name: 'serde_derive', version: '1.0.150', source: 'crates.io', kind: 'build' },
      { name: 'smallvec', version: '1.6.0', source: 'crates.io', kind: 'runtime' },
    ],
  };
  it('reads the zlib-compressed .dep-v0 section of a (minimal) ELF', () => {
    const elf = minimalElf([{ name: '.text', data: new Uint8Array(32) }, { name: '.dep-v0', data: new Uint8Array(deflateSync(JSON.stringify(audit))) }]);
    const m = parseBinary('app', elf);
    expect(m.format).toBe('cargo-auditable binary');
    expect(list(m)).toEqual(['serde@1.0.150 direct', 'serde_derive@1.0.150 dev', 'smallvec@1.6.0 direct']);
    expect(m.packages.find((p) => p.name === 'serde')!.deps).toEqual(['crates.io|serde_derive@1.0.150']);
  });
  // A real linker-made executable (/bin/true, dozens of sections) given the same .dep-v0 section cargo-auditable's build adds, by objcopy.
  it.skipIf(!hasObjcopy)('finds the section in a real ELF executable among its other sections (objcopy --add-section)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sca-elf-'));
    try {
      writeFileSync(join(dir, 'dep.bin'), deflateSync(JSON.stringify(audit)));
      execFileSync('objcopy', ['--add-section', `.dep-v0=${join(dir, 'dep.bin')}`, '/bin/true', join(dir, 'app')]);
      const m = parseBinary('app', new Uint8Array(readFileSync(join(dir, 'app'))));
      expect(list(m)).toEqual(['serde@1.0.150 direct', 'serde_derive@1.0.150 dev', 'smallvec@1.6.0 direct']);
      // The unmodified executable has neither kind of build info.
      expect(() => parseBinary('true', new Uint8Array(readFileSync('/bin/true')))).toThrow(/without Go build info/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('refuses damaged sections and section tables, and executables with neither build info', () => {
    expect(() => parseCargoAuditable('x', minimalElf([{ name: '.dep-v0', data: b('not zlib') }]))).toThrow(/not zlib-compressed JSON/);
    const bomb = new Uint8Array(deflateSync(Buffer.alloc(33 << 20, 0x20)));
    expect(() => parseCargoAuditable('x', minimalElf([{ name: '.dep-v0', data: bomb }]))).toThrow(/not zlib-compressed JSON/);
    const elf = minimalElf([{ name: '.dep-v0', data: new Uint8Array(deflateSync('{}')) }]);
    const bad = Buffer.from(elf);
    bad.writeBigUInt64LE(BigInt(bad.length), 0x28); // section table pointed past the end
    expect(() => parseBinary('x', new Uint8Array(bad))).toThrow(/without Go build info/);
    expect(() => parseBinary('x', minimalElf([]))).toThrow(/without Go build info or a cargo-auditable/);
  });
});

describe('MANIFEST-only JARs', () => {
  it('reads wrapped headers of the main section only', () => {
    const mf = 'Manifest-Version: 1.0\r\nBundle-SymbolicName: org.example.very.long.symbolic.name.that.wraps.past.seventy\r\n -two.bytes\r\n\r\nName: x/Y.class\r\nImplementation-Title: ignored\r\n';
    expect(readManifestHeaders('MANIFEST.MF', b(mf))).toEqual({ 'Manifest-Version': '1.0', 'Bundle-SymbolicName': 'org.example.very.long.symbolic.name.that.wraps.past.seventy-two.bytes' });
  });
  it('reconstructs Maven coordinates from vendor id, OSGi symbolic name and the file name', () => {
    expect(jarIdentityFromManifest('a', b('Implementation-Title: guava\nImplementation-Version: 31.1-jre\nImplementation-Vendor-Id: com.google.guava\n'), 'lib/guava-31.1-jre.jar')).toEqual({ groupId: 'com.google.guava', artifactId: 'guava', version: '31.1-jre' });
    expect(jarIdentityFromManifest('a', b('Bundle-SymbolicName: org.apache.commons.commons-text;singleton:=true\nBundle-Version: 1.9\n'), 'commons-text-1.9.jar')).toEqual({ groupId: 'org.apache.commons', artifactId: 'commons-text', version: '1.9' });
    expect(groupFromSymbolicName('org.apache.maven.core', 'maven-core')).toBe('org.apache.maven');
    expect(groupFromSymbolicName('com.example.other', 'unrelated')).toBeUndefined();
    expect(jarIdentityFromManifest('a', b('Implementation-Title: thing\nImplementation-Version: 2.0\n'), 'thing.jar')).toEqual({ note: 'a: MANIFEST names thing 2.0 but not its Maven group, not matched' });
    expect(jarIdentityFromManifest('a', b('Manifest-Version: 1.0\nCreated-By: javac\n'), 'x-1.0.jar')).toBeUndefined();
  });
});
