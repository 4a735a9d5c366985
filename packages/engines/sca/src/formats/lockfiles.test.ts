import { describe, expect, it } from 'vitest';
import { ManifestError, type Manifest } from '../model.ts';
import { parseBunLock, parseConanLock, parseCsproj, parseGradleLockfile, parseGradleVerificationMetadata, parseMixLock, parseNugetLock, parsePackageResolved, parsePackagesConfig, parsePdmLock, parsePodfileLock, parsePubspecLock, parseRenvLock, parseUvLock, parserFor } from './index.ts';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const list = (m: Manifest) => m.packages.map((p) => `${p.name}@${p.version}${p.direct ? ' direct' : ''}${p.dev ? ' dev' : ''}`).sort();
const deps = (m: Manifest, name: string) => m.packages.find((p) => p.name === name)!.deps;

describe('uv.lock', () => {
  const src = `version = 1
requires-python = ">=3.9"

[[package]]
name = "app"
version = "0.1.0"
source = { editable = "." }
dependencies = [{ name = "requests" }]

[package.dev-dependencies]
dev = [{ name = "pytest" }]

[[package]]
name = "requests"
version = "2.31.0"
source = { registry = "https://pypi.org/simple" }
dependencies = [{ name = "urllib3", version = "2.0.7" }, { name = "Charset_Normalizer" }]

[[package]]
name = "urllib3"
version = "2.0.7"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "urllib3"
version = "1.26.18"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "charset-normalizer"
version = "3.3.2"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "pytest"
version = "8.0.0"
source = { registry = "https://pypi.org/simple" }
dependencies = [{ name = "urllib3", version = "1.26.18", marker = "python_version < '3.10'" }]
`;
  it('takes roots from the editable project, dev groups and versioned edges', () => {
    const m = parseUvLock('uv.lock', b(src));
    expect(m.packages.every((p) => p.ecosystem === 'PyPI')).toBe(true);
    expect(list(m)).toEqual(['charset-normalizer@3.3.2', 'pytest@8.0.0 direct dev', 'requests@2.31.0 direct', 'urllib3@1.26.18 dev', 'urllib3@2.0.7']);
    expect(deps(m, 'requests')).toEqual(['PyPI|urllib3@2.0.7', 'PyPI|charset-normalizer@3.3.2']);
  });
  it('refuses what is not a uv.lock', () => {
    expect(() => parseUvLock('uv.lock', b('[tool]\nx = 1\n'))).toThrow(/not a uv.lock/);
    expect(() => parseUvLock('uv.lock', b('version = \n'))).toThrow(/malformed TOML/);
  });
});

describe('pdm.lock', () => {
  it('reads groups (and old sections) and edges from PEP 508 strings', () => {
    const src = `[metadata]\ngroups = ["default", "dev"]\nlock_version = "4.4"\n\n[[package]]\nname = "requests"\nversion = "2.31.0"\ngroups = ["default"]\ndependencies = ["urllib3<3,>=1.21.1", "certifi>=2017.4.17; python_version >= \\"3.7\\""]\n\n[[package]]\nname = "urllib3"\nversion = "2.1.0"\ngroups = ["default"]\n\n[[package]]\nname = "certifi"\nversion = "2023.11.17"\nsections = ["default"]\n\n[[package]]\nname = "pytest"\nversion = "7.4.0"\ngroups = ["dev"]\n\n[[package]]\nname = "mylib"\ngroups = ["default"]\n`;
    const m = parsePdmLock('pdm.lock', b(src));
    expect(list(m)).toEqual(['certifi@2023.11.17', 'pytest@7.4.0 direct dev', 'requests@2.31.0 direct', 'urllib3@2.1.0']);
    expect(deps(m, 'requests')).toEqual(['PyPI|urllib3@2.1.0', 'PyPI|certifi@2023.11.17']);
    expect(m.notes.join()).toMatch(/mylib: no version/);
    expect(() => parsePdmLock('pdm.lock', b('a = 1\n'))).toThrow(ManifestError);
  });
});

describe('bun.lock', () => {
  it('reads JSONC, nested copies, workspaces and dev scope', () => {
    const src = `{
  // bun's text lockfile
  "lockfileVersion": 1,
  "workspaces": {
    "": { "name": "app", "dependencies": { "express": "^4.17.0", "lib": "workspace:*" }, "devDependencies": { "@types/node": "^20" }, },
    "packages/lib": { "name": "lib", "dependencies": { "ms": "^2.1.3" } },
  },
  "packages": {
    "express": ["express@4.17.1", "", { "dependencies": { "debug": "2.6.9", "ms": "2.0.0" } }, "sha512-a"],
    "debug": ["debug@2.6.9", "", { "dependencies": { "ms": "2.0.0" } }, "sha512-b"],
    "ms": ["ms@2.1.3", "", {}, "sha512-c"],
    "express/ms": ["ms@2.0.0", "", {}, "sha512-d"],
    "@types/node": ["@types/node@20.11.0", "", { "dependencies": { "undici-types": "5.26.5" } }, "sha512-e"],
    "undici-types": ["undici-types@5.26.5", "", {}, "sha512-f"],
    "lib": ["lib@workspace:packages/lib"],
  }
}`;
    const m = parseBunLock('bun.lock', b(src));
    expect(list(m)).toEqual(['@types/node@20.11.0 direct dev', 'debug@2.6.9', 'express@4.17.1 direct', 'ms@2.0.0', 'ms@2.1.3 direct', 'undici-types@5.26.5 dev']);
    // express's ms is its nested copy; debug (hoisted) gets the top-level one.
    expect(deps(m, 'express')).toEqual(['npm|debug@2.6.9', 'npm|ms@2.0.0']);
    expect(deps(m, 'debug')).toEqual(['npm|ms@2.1.3']);
  });
  it('keeps comment-like text inside strings and refuses broken files', () => {
    const m = parseBunLock('bun.lock', b('{"lockfileVersion":1,"workspaces":{"":{"dependencies":{"a":"1"}}},"packages":{"a":["a@1.0.0","https://r.example//x",{},"s"],}}'));
    expect(list(m)).toEqual(['a@1.0.0 direct']);
    expect(() => parseBunLock('bun.lock', b('{"lockfileVersion": 1, "packages": {'))).toThrow(/malformed JSONC/);
    expect(() => parseBunLock('bun.lock', b('{"x": 1}'))).toThrow(/not a bun.lock/);
    // Deep nesting and a huge unterminated string end as clear errors.
    expect(parseBunLock('bun.lock', b(`{"lockfileVersion":1,"packages":{"a":${'['.repeat(100000)}${']'.repeat(100000)}}}`)).packages).toEqual([]);
    expect(() => parseBunLock('bun.lock', b(`{"lockfileVersion":1,"packages":{"a":"${'x'.repeat(1 << 20)}`))).toThrow(/malformed JSONC/);
  });
});

describe('Gradle', () => {
  it('reads gradle.lockfile lines, test-only configurations as dev, and notes bad lines', () => {
    const src = `# This is a Gradle generated file for dependency locking.\norg.springframework:spring-core:5.3.20=compileClasspath,runtimeClasspath\njunit:junit:4.13.2=testCompileClasspath,testRuntimeClasspath\n>>> garbage\nempty=annotationProcessor\n`;
    const m = parseGradleLockfile('gradle.lockfile', b(src));
    expect(list(m)).toEqual(['junit:junit@4.13.2 dev', 'org.springframework:spring-core@5.3.20']);
    expect(m.notes).toEqual(['line not understood: >>> garbage']);
    expect(() => parseGradleLockfile('gradle.lockfile', b('hello\nworld\n'))).toThrow(/not a gradle.lockfile/);
  });
  it('reads verification-metadata.xml components and refuses entities', () => {
    const src = `<?xml version="1.0" encoding="UTF-8"?>\n<verification-metadata xmlns="https://schema.gradle.org/dependency-verification"><configuration><verify-metadata>true</verify-metadata></configuration><components><component group="com.google.guava" name="guava" version="31.1-jre"><artifact name="guava-31.1-jre.jar"><sha256 value="a"/></artifact></component><component group="org.apache.logging.log4j" name="log4j-core" version="2.14.1"/></components></verification-metadata>`;
    expect(list(parseGradleVerificationMetadata('verification-metadata.xml', b(src)))).toEqual(['com.google.guava:guava@31.1-jre', 'org.apache.logging.log4j:log4j-core@2.14.1']);
    const xxe = `<?xml version="1.0"?><!DOCTYPE v [<!ENTITY x SYSTEM "file:///etc/passwd">]><verification-metadata/>`;
    expect(() => parseGradleVerificationMetadata('verification-metadata.xml', b(xxe))).toThrow(/DOCTYPE/);
    expect(() => parseGradleVerificationMetadata('verification-metadata.xml', b('<html/>'))).toThrow(/not Gradle/);
  });
});

describe('NuGet', () => {
  it('reads packages.lock.json across frameworks with direct, edges and project references', () => {
    const lock = { version: 1, dependencies: { 'net6.0': { 'Newtonsoft.Json': { type: 'Direct', requested: '[12.0.1, )', resolved: '12.0.1', dependencies: { 'system.runtime': '4.3.0' } }, 'System.Runtime': { type: 'Transitive', resolved: '4.3.0' }, mylib: { type: 'Project' } }, 'net7.0': { 'Newtonsoft.Json': { type: 'Direct', resolved: '13.0.1' } } } };
    const m = parseNugetLock('packages.lock.json', b(JSON.stringify(lock)));
    expect(list(m)).toEqual(['Newtonsoft.Json@12.0.1 direct', 'Newtonsoft.Json@13.0.1 direct', 'System.Runtime@4.3.0']);
    expect(m.packages[0]!.deps).toEqual(['NuGet|System.Runtime@4.3.0']);
    expect(() => parseNugetLock('packages.lock.json', b('{"version": 1}'))).toThrow(/not a NuGet/);
  });
  it('reads .csproj PackageReference with properties, exact brackets, ranges and central versions', () => {
    const src = `<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net6.0</TargetFramework><JsonVer>12.0.1</JsonVer></PropertyGroup><ItemGroup><PackageReference Include="Newtonsoft.Json" Version="$(JsonVer)" /><PackageReference Include="Serilog"><Version>[2.10.0]</Version></PackageReference><PackageReference Include="Dapper" Version="[2.0,3.0)" /><PackageReference Include="Polly" /><PackageReference Include="StyleCop.Analyzers" Version="1.1.118" PrivateAssets="all" /></ItemGroup></Project>`;
    const m = parseCsproj('app.csproj', b(src));
    expect(list(m)).toEqual(['Dapper@ direct', 'Newtonsoft.Json@12.0.1 direct', 'Polly@ direct', 'Serilog@2.10.0 direct', 'StyleCop.Analyzers@1.1.118 direct dev']);
    expect(m.packages.find((p) => p.name === 'Polly')!.unresolved).toMatch(/central package management/);
    expect(parserFor('src/App/App.fsproj')).toBeDefined();
    expect(() => parseCsproj('x.csproj', b('<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><Project>&b;</Project>'))).toThrow(/DOCTYPE/);
    expect(() => parseCsproj('x.csproj', b('<Project><ItemGroup>'))).toThrow(/malformed XML|not an MSBuild/);
  });
  it('reads packages.config', () => {
    const src = `<?xml version="1.0" encoding="utf-8"?><packages><package id="jQuery" version="3.4.1" targetFramework="net48" /><package id="NUnit" version="3.12.0" developmentDependency="true" /></packages>`;
    expect(list(parsePackagesConfig('packages.config', b(src)))).toEqual(['NUnit@3.12.0 dev', 'jQuery@3.4.1']);
  });
});

describe('pubspec.lock, mix.lock, conan.lock', () => {
  it('reads pubspec.lock dependency kinds', () => {
    const src = `packages:\n  http:\n    dependency: "direct main"\n    description:\n      name: http\n      url: "https://pub.dev"\n    source: hosted\n    version: "0.13.4"\n  test:\n    dependency: "direct dev"\n    source: hosted\n    version: "1.21.0"\n  path:\n    dependency: transitive\n    source: hosted\n    version: "1.8.0"\n  flutter:\n    dependency: "direct main"\n    description: flutter\n    source: sdk\n    version: "0.0.0"\nsdks:\n  dart: ">=2.17.0 <3.0.0"\n`;
    const m = parsePubspecLock('pubspec.lock', b(src));
    expect(list(m)).toEqual(['flutter@0.0.0 direct', 'http@0.13.4 direct', 'path@1.8.0', 'test@1.21.0 direct dev']);
    expect(m.packages[0]!.ecosystem).toBe('Pub');
    expect(() => parsePubspecLock('pubspec.lock', b('a: 1\n'))).toThrow(/not a pubspec.lock/);
  });
  it('reads mix.lock terms: hex packages, their deps, git entries; refuses broken terms', () => {
    const src = `%{\n  "plug": {:hex, :plug, "1.14.0", "ba4f558468f69cbd9f6b356d25443d0b796fbdc887e03fa89001384a9cac638f", [:mix], [{:mime, "~> 1.0 or ~> 2.0", [hex: :mime, repo: "hexpm", optional: false]}, {:plug_crypto, "~> 1.1.1 or ~> 1.2", [hex: :plug_crypto, repo: "hexpm", optional: false]}], "hexpm", "0f..."},\n  "mime": {:hex, :mime, "2.0.3", "3676436d3d1f7b81b5a2d2bd8405f412c677558c81b1c92be58c00562bb59095", [:mix], [], "hexpm", "27a3..."},\n  "plug_crypto": {:hex, :plug_crypto, "1.2.3", "8f77d13aeb32bfd9e654cb68f0af517b371fb34c56c9f2b58fe3df1235c1251a", [:mix], [], "hexpm", "b5..."},\n  "foo": {:git, "https://github.com/my-org/foo.git", "fc94cce7830fa4dc455024bc2a83720afe244531", [branch: "main"]},\n}\n`;
    const m = parseMixLock('mix.lock', b(src));
    expect(list(m)).toEqual(['foo@ direct', 'mime@2.0.3', 'plug@1.14.0 direct', 'plug_crypto@1.2.3']);
    expect(deps(m, 'plug')).toEqual(['Hex|mime@2.0.3', 'Hex|plug_crypto@1.2.3']);
    expect(m.packages.find((p) => p.name === 'foo')!.unresolved).toMatch(/from git https:\/\/github.com\/my-org\/foo.git at fc94cce7830f/);
    expect(() => parseMixLock('mix.lock', b('%{"a": {:hex, :a, "1.0"'))).toThrow(/malformed mix.lock/);
    expect(() => parseMixLock('mix.lock', b(`%{"a": ${'['.repeat(1000)}`))).toThrow(/nested too deeply/);
  });
  it('reads conan.lock v1 graphs (ref and pref) and v2 lists', () => {
    const v1 = { graph_lock: { nodes: { '0': { ref: 'app/1.0', requires: ['1'], build_requires: ['3'], path: 'conanfile.py' }, '1': { ref: 'libpng/1.6.39', requires: ['2'] }, '2': { pref: 'zlib/1.2.13#abc:19729b9559f3ae196cad45cb2b97468ccb75dcd1' }, '3': { ref: 'cmake/3.25.0' } } }, version: '0.4' };
    const m1 = parseConanLock('conan.lock', b(JSON.stringify(v1)));
    expect(list(m1)).toEqual(['cmake@3.25.0 direct dev', 'libpng@1.6.39 direct', 'zlib@1.2.13']);
    expect(deps(m1, 'libpng')).toEqual(['ConanCenter|zlib@1.2.13']);
    const v2 = { version: '0.5', requires: ['zlib/1.2.13#13c96f538b52e1600c40b88994de240f%1667396813.733', 'openssl/3.0.8@user/channel'], build_requires: ['cmake/3.25.0'], python_requires: [] };
    expect(list(parseConanLock('conan.lock', b(JSON.stringify(v2))))).toEqual(['cmake@3.25.0 dev', 'openssl@3.0.8', 'zlib@1.2.13']);
    expect(() => parseConanLock('conan.lock', b('{}'))).toThrow(/not a conan.lock/);
  });
});

describe('Podfile.lock, Package.resolved, renv.lock', () => {
  it('reads Podfile.lock pods, subspecs folded, edges and declared pods', () => {
    const src = `PODS:\n  - Alamofire (5.4.3)\n  - Firebase/Core (8.0.0):\n    - Firebase/CoreOnly\n    - FirebaseAnalytics (= 8.0.0)\n  - Firebase/CoreOnly (8.0.0):\n    - FirebaseCore (= 8.0.0)\n  - FirebaseAnalytics (8.0.0)\n  - FirebaseCore (8.0.0)\n\nDEPENDENCIES:\n  - Alamofire (~> 5.4)\n  - Firebase/Core\n\nCOCOAPODS: 1.11.2\n`;
    const m = parsePodfileLock('Podfile.lock', b(src));
    expect(list(m)).toEqual(['Alamofire@5.4.3 direct', 'Firebase@8.0.0 direct', 'FirebaseAnalytics@8.0.0', 'FirebaseCore@8.0.0']);
    expect(deps(m, 'Firebase')).toEqual(['CocoaPods|FirebaseAnalytics@8.0.0', 'CocoaPods|FirebaseCore@8.0.0']);
    expect(() => parsePodfileLock('Podfile.lock', b('COCOAPODS: 1\n'))).toThrow(/no PODS/);
  });
  it('reads Package.resolved v1 and v2/v3 pins as SwiftURL names', () => {
    const v1 = { object: { pins: [{ package: 'swift-nio', repositoryURL: 'https://github.com/apple/swift-nio.git', state: { branch: null, revision: 'abc', version: '2.40.0' } }] }, version: 1 };
    expect(list(parsePackageResolved('Package.resolved', b(JSON.stringify(v1))))).toEqual(['github.com/apple/swift-nio@2.40.0']);
    const v2 = { pins: [{ identity: 'vapor', kind: 'remoteSourceControl', location: 'git@github.com:vapor/vapor.git', state: { revision: 'def', version: '4.77.0' } }, { identity: 'x', kind: 'remoteSourceControl', location: 'https://github.com/a/x', state: { branch: 'main', revision: '0123456789abcdef' } }, { identity: 'local', kind: 'localSourceControl', location: '/src/local', state: { revision: 'a' } }], version: 3 };
    const m = parsePackageResolved('Package.resolved', b(JSON.stringify(v2)));
    expect(list(m)).toEqual(['github.com/a/x@', 'github.com/vapor/vapor@4.77.0']);
    expect(m.packages.find((p) => p.name === 'github.com/a/x')!.unresolved).toMatch(/branch main/);
  });
  it('reads renv.lock: CRAN and Bioconductor, other sources noted', () => {
    const lock = { R: { Version: '4.3.1' }, Packages: { jsonlite: { Package: 'jsonlite', Version: '1.8.7', Source: 'Repository', Repository: 'CRAN' }, BiocGenerics: { Package: 'BiocGenerics', Version: '0.46.0', Source: 'Bioconductor' }, httr: { Package: 'httr', Version: '1.4.7', Source: 'Repository', Repository: 'RSPM', Requirements: ['jsonlite'] }, mine: { Package: 'mine', Version: '0.1', Source: 'GitHub' } } };
    const m = parseRenvLock('renv.lock', b(JSON.stringify(lock)));
    expect(m.packages.map((p) => `${p.ecosystem}:${p.name}@${p.version}`).sort()).toEqual(['Bioconductor:BiocGenerics@0.46.0', 'CRAN:httr@1.4.7', 'CRAN:jsonlite@1.8.7']);
    expect(deps(m, 'httr')).toEqual(['CRAN|jsonlite@1.8.7']);
    expect(m.notes.join()).toMatch(/mine 0.1: from GitHub/);
  });
});
