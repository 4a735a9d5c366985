import { describe, expect, it } from 'vitest';
import { ManifestError, type Manifest } from '../model.ts';
import { parseCargoLock, parseComposerLock, parseGemfileLock, parseGoMod, parseNpmLock, parsePipfileLock, parsePnpmLock, parsePoetryLock, parsePom, parsePomProperties, parseRequirements, parseYarnLock, readPom } from './index.ts';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const list = (m: Manifest) => m.packages.map((p) => `${p.name}@${p.version}${p.direct ? ' direct' : ''}${p.dev ? ' dev' : ''}`).sort();

describe('npm package-lock', () => {
  it('reads v3 folders, resolves nested copies and marks direct and dev', () => {
    const lock = {
      lockfileVersion: 3,
      packages: {
        '': { name: 'app', dependencies: { express: '^4' }, devDependencies: { mocha: '^10' } },
        'node_modules/express': { version: '4.17.1', dependencies: { qs: '6.7.0', debug: '2.6.9' } },
        'node_modules/qs': { version: '6.11.0' },
        'node_modules/express/node_modules/qs': { version: '6.7.0' },
        'node_modules/debug': { version: '2.6.9' },
        'node_modules/mocha': { version: '10.0.0', dev: true, dependencies: { debug: '4' } },
        'node_modules/mocha/node_modules/debug': { version: '4.3.4', dev: true },
        'node_modules/alias': { name: 'lodash', version: '4.17.20' },
        'packages/local': { version: '1.0.0' },
        'node_modules/local': { link: true, resolved: 'packages/local' },
      },
    };
    const m = parseNpmLock('package-lock.json', b(JSON.stringify(lock)));
    expect(list(m)).toEqual(['debug@2.6.9', 'debug@4.3.4 dev', 'express@4.17.1 direct', 'lodash@4.17.20', 'mocha@10.0.0 direct dev', 'qs@6.11.0', 'qs@6.7.0']);
    const express = m.packages.find((p) => p.name === 'express')!;
    expect(express.deps).toEqual(['npm|qs@6.7.0', 'npm|debug@2.6.9']);
  });

  it('reads v1 nested dependencies', () => {
    const lock = { lockfileVersion: 1, dependencies: { a: { version: '1.0.0', requires: { b: '^2' }, dependencies: { b: { version: '2.0.0' } } }, b: { version: '1.0.0', dev: true } } };
    const m = parseNpmLock('package-lock.json', b(JSON.stringify(lock)));
    expect(list(m)).toEqual(['a@1.0.0 direct', 'b@1.0.0 direct dev', 'b@2.0.0']);
    expect(m.packages.find((p) => p.name === 'a')!.deps).toEqual(['npm|b@2.0.0']);
  });

  it('refuses malformed JSON and non-lockfiles clearly', () => {
    expect(() => parseNpmLock('package-lock.json', b('{"lockfileVersion": 2, "packages": {'))).toThrow(/malformed JSON/);
    expect(() => parseNpmLock('package-lock.json', b('{"name": "x"}'))).toThrow(ManifestError);
    expect(() => parseNpmLock('package-lock.json', b('[1]'))).toThrow(/JSON object/);
  });
});

describe('yarn.lock', () => {
  it('reads v1 entries with several specifiers and scoped names', () => {
    const src = `# yarn lockfile v1\n\n"@babel/code-frame@^7.0.0", "@babel/code-frame@^7.10.4":\n  version "7.12.13"\n  resolved "https://registry.yarnpkg.com/x"\n  dependencies:\n    "@babel/highlight" "^7.12.13"\n\n"@babel/highlight@^7.12.13":\n  version "7.13.10"\n\nlodash@4.17.15:\n  version "4.17.15"\n`;
    const m = parseYarnLock('yarn.lock', b(src));
    expect(list(m)).toEqual(['@babel/code-frame@7.12.13 direct', '@babel/highlight@7.13.10', 'lodash@4.17.15 direct']);
  });
  it('reads berry YAML and skips workspaces', () => {
    const src = `__metadata:\n  version: 6\n\n"app@workspace:.":\n  version: 0.0.0-use.local\n  resolution: "app@workspace:."\n\n"minimist@npm:^1.2.0":\n  version: 1.2.5\n  resolution: "minimist@npm:1.2.5"\n`;
    expect(list(parseYarnLock('yarn.lock', b(src)))).toEqual(['minimist@1.2.5 direct']);
  });
  it('refuses garbage', () => {
    expect(() => parseYarnLock('yarn.lock', b('  version "1"\n'))).toThrow(/outside an entry/);
  });
});

describe('pnpm-lock.yaml', () => {
  it('reads v5, v6 and v9 keys', () => {
    const v5 = `lockfileVersion: 5.4\nspecifiers:\n  a: ^1\ndependencies:\n  a: 1.0.0_react@18.0.0\npackages:\n  /a/1.0.0_react@18.0.0:\n    dependencies:\n      b: 2.0.0\n    dev: false\n  /b/2.0.0:\n    dev: false\n`;
    expect(list(parsePnpmLock('pnpm-lock.yaml', b(v5)))).toEqual(['a@1.0.0 direct', 'b@2.0.0']);
    const v6 = `lockfileVersion: '6.0'\ndependencies:\n  '@s/a':\n    specifier: ^1\n    version: 1.0.0(react@18.0.0)\npackages:\n  /@s/a@1.0.0(react@18.0.0):\n    dependencies:\n      b: 2.0.0\n    dev: false\n  /b@2.0.0:\n    dev: true\n`;
    expect(list(parsePnpmLock('pnpm-lock.yaml', b(v6)))).toEqual(['@s/a@1.0.0 direct', 'b@2.0.0 dev']);
    const v9 = `lockfileVersion: '9.0'\nimporters:\n  .:\n    devDependencies:\n      c:\n        specifier: ^3\n        version: 3.1.0\npackages:\n  c@3.1.0:\n    resolution: {integrity: x}\n  d@4.0.0:\n    resolution: {integrity: y}\nsnapshots:\n  c@3.1.0:\n    dependencies:\n      d: 4.0.0\n  d@4.0.0: {}\n`;
    const m9 = parsePnpmLock('pnpm-lock.yaml', b(v9));
    expect(list(m9)).toEqual(['c@3.1.0 direct dev', 'd@4.0.0']);
    expect(m9.packages[0]!.deps).toEqual(['npm|d@4.0.0']);
  });
  it('bounds YAML aliases (billion laughs) and refuses non-lockfiles', () => {
    const bomb = `lockfileVersion: '6.0'\na: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n`;
    expect(() => parsePnpmLock('pnpm-lock.yaml', b(bomb))).toThrow(/malformed YAML/);
    expect(() => parsePnpmLock('pnpm-lock.yaml', b('foo: 1\n'))).toThrow(/no lockfileVersion/);
  });
});

describe('Python', () => {
  it('reads requirements with extras, markers, hashes, continuations and includes', () => {
    const files: Record<string, string> = { 'sub/base.txt': 'urllib3==1.24.1\n-r ../requirements.txt\n' };
    const src = `# comment\nDjango[argon2]==2.2.1 ; python_version >= "3"\nrequests>=2.0  # range\n-r sub/base.txt\n-e git+https://x/y.git#egg=y\nflask==1.0 \\\n    --hash=sha256:abc\n--index-url https://pypi.org/simple\n`;
    const m = parseRequirements('requirements.txt', b(src), (from, ref) => {
      const path = ref === '../requirements.txt' ? 'requirements.txt' : ref;
      return files[path] ? { file: path, bytes: b(files[path]!) } : path === 'requirements.txt' ? { file: 'requirements.txt', bytes: b(src) } : undefined;
    });
    expect(list(m)).toEqual(['Django@2.2.1 direct', 'flask@1.0 direct', 'requests@ direct', 'urllib3@1.24.1 direct']);
    expect(m.packages.find((p) => p.name === 'requests')!.unresolved).toMatch(/>=2.0/);
  });
  it('reads Pipfile.lock and poetry.lock', () => {
    const pip = { _meta: {}, default: { jinja2: { version: '==2.10' } }, develop: { pytest: { version: '==3.0.0' }, local: { path: '.' } } };
    expect(list(parsePipfileLock('Pipfile.lock', b(JSON.stringify(pip))))).toEqual(['jinja2@2.10', 'pytest@3.0.0 dev']);
    const poetry = `[[package]]\nname = "requests"\nversion = "2.19.0"\ncategory = "main"\n\n[package.dependencies]\nurllib3 = ">=1.21"\n\n[[package]]\nname = "urllib3"\nversion = "1.23"\ncategory = "main"\n\n[[package]]\nname = "pytest"\nversion = "7.0.0"\ngroups = ["dev"]\n\n[metadata]\nlock-version = "2.0"\n`;
    expect(list(parsePoetryLock('poetry.lock', b(poetry)))).toEqual(['pytest@7.0.0 direct dev', 'requests@2.19.0 direct', 'urllib3@1.23']);
    expect(() => parsePoetryLock('poetry.lock', b('[[package]\nname='))).toThrow(/malformed TOML/);
  });
});

describe('go.mod', () => {
  it('reads requires, indirect marks, replaces and the toolchain', () => {
    const src = `module example.com/app\n\ngo 1.19\n\nrequire (\n\tgolang.org/x/text v0.3.6\n\tgithub.com/gin-gonic/gin v1.6.0 // indirect\n\texample.com/local v1.0.0\n)\nrequire github.com/a/b v1.2.3\nreplace github.com/a/b => github.com/fork/b v1.2.4\nreplace example.com/local => ../local\n`;
    const m = parseGoMod('go.mod', b(src));
    expect(list(m)).toEqual(['github.com/fork/b@v1.2.4 direct', 'github.com/gin-gonic/gin@v1.6.0', 'golang.org/x/text@v0.3.6 direct', 'stdlib@1.19.0 direct']);
    expect(() => parseGoMod('go.mod', b('hello world\n'))).toThrow(/not a go.mod/);
  });
});

describe('Cargo.lock, composer.lock, Gemfile.lock', () => {
  it('reads Cargo.lock with workspace roots', () => {
    const src = `version = 3\n\n[[package]]\nname = "app"\nversion = "0.1.0"\ndependencies = ["smallvec", "time 0.1.43"]\n\n[[package]]\nname = "smallvec"\nversion = "1.6.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n\n[[package]]\nname = "time"\nversion = "0.1.43"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n\n[[package]]\nname = "time"\nversion = "0.3.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n`;
    expect(list(parseCargoLock('Cargo.lock', b(src)))).toEqual(['smallvec@1.6.0 direct', 'time@0.1.43 direct', 'time@0.3.0']);
  });
  it('reads composer.lock', () => {
    const lock = { packages: [{ name: 'guzzlehttp/guzzle', version: '6.3.0', require: { php: '>=5.5', 'guzzlehttp/psr7': '^1.4' } }, { name: 'guzzlehttp/psr7', version: 'v1.4.2' }], 'packages-dev': [{ name: 'phpunit/phpunit', version: '9.0.0' }] };
    expect(list(parseComposerLock('composer.lock', b(JSON.stringify(lock))))).toEqual(['guzzlehttp/guzzle@6.3.0 direct', 'guzzlehttp/psr7@1.4.2', 'phpunit/phpunit@9.0.0 direct dev']);
  });
  it('reads Gemfile.lock sections and platforms', () => {
    const src = `GEM\n  remote: https://rubygems.org/\n  specs:\n    nokogiri (1.10.4-x86_64-linux)\n      mini_portile2 (~> 2.4.0)\n    mini_portile2 (2.4.0)\n    rack (2.0.6)\n\nPATH\n  remote: .\n  specs:\n    mygem (0.1.0)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  nokogiri (~> 1.10)\n  rack!\n`;
    const m = parseGemfileLock('Gemfile.lock', b(src));
    expect(list(m)).toEqual(['mini_portile2@2.4.0', 'nokogiri@1.10.4 direct', 'rack@2.0.6 direct']);
    expect(m.packages.find((p) => p.name === 'nokogiri')!.deps).toEqual(['RubyGems|mini_portile2@2.4.0']);
  });
});

describe('Maven', () => {
  const parent = `<project><groupId>com.ex</groupId><artifactId>parent</artifactId><version>1.0</version><properties><jackson.version>2.9.8</jackson.version></properties><dependencyManagement><dependencies><dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-core</artifactId><version>2.14.1</version></dependency></dependencies></dependencyManagement></project>`;
  const child = `<?xml version="1.0"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0"><parent><groupId>com.ex</groupId><artifactId>parent</artifactId><version>1.0</version></parent><artifactId>app</artifactId><properties><junit.version>4.12</junit.version></properties><dependencies>\n<dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId><version>\${jackson.version}</version></dependency>\n<dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-core</artifactId></dependency>\n<dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>\${junit.version}</version><scope>test</scope></dependency>\n<dependency><groupId>\${project.groupId}</groupId><artifactId>sibling</artifactId><version>\${project.version}</version></dependency>\n<dependency><groupId>x</groupId><artifactId>y</artifactId><version>\${nope}</version></dependency>\n<dependency><groupId>x</groupId><artifactId>z</artifactId><version>[1.0,2.0)</version></dependency>\n</dependencies></project>`;
  it('resolves properties, the parent in the project and dependencyManagement; reports the rest unresolved', () => {
    const m = parsePom('pom.xml', b(child), (g, a) => (g === 'com.ex' && a === 'parent' ? readPom('parent/pom.xml', b(parent)) : undefined));
    expect(list(m)).toEqual(['com.ex:sibling@1.0 direct', 'com.fasterxml.jackson.core:jackson-databind@2.9.8 direct', 'junit:junit@4.12 direct dev', 'org.apache.logging.log4j:log4j-core@2.14.1 direct', 'x:y@ direct', 'x:z@ direct']);
    const alone = parsePom('pom.xml', b(child));
    expect(alone.packages.find((p) => p.name.endsWith('jackson-databind'))!.unresolved).toMatch(/unknown property/);
    expect(alone.notes.join()).toMatch(/parent com.ex:parent:1.0 is not in the project/);
  });
  it('refuses DOCTYPE / entities and malformed XML', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]><project><version>&x;</version></project>`;
    expect(() => parsePom('pom.xml', b(xxe))).toThrow(/DOCTYPE/);
    expect(() => parsePom('pom.xml', b('<project><dependencies>'))).toThrow(ManifestError);
    expect(() => parsePom('pom.xml', b('<html/>'))).toThrow(/no <project>/);
  });
  it('reads pom.properties', () => {
    expect(parsePomProperties('x', b('#Generated by Maven\nversion=2.14.1\ngroupId=org.apache.logging.log4j\nartifactId=log4j-core\n'))).toEqual({ groupId: 'org.apache.logging.log4j', artifactId: 'log4j-core', version: '2.14.1' });
  });
});
