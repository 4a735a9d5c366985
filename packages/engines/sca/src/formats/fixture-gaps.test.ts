/**
 * Gaps found against OSV-Scanner's lockfile fixtures (bench/fixtures.bench.ts),
 * each on a minimal input written here: npm and yarn aliases report the real
 * package, quoted yarn v1 keys, git dependencies of a v2/v3 package-lock,
 * pnpm packages from another registry host, a tarball URL or a git host.
 */
import { describe, expect, it } from 'vitest';
import { parseNpmLock } from './npm-lock.ts';
import { parsePnpmLock } from './pnpm-lock.ts';
import { parseYarnLock } from './yarn-lock.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const list = (m: { packages: { name: string; version: string; unresolved?: string }[] }) => m.packages.map((p) => `${p.name}@${p.version}${p.unresolved ? ' (unresolved)' : ''}`).sort();

describe('lockfile gaps from the OSV-Scanner fixtures', () => {
  it('npm: v1 aliases are the real package; v2 git dependencies are kept, unresolved', () => {
    const v1 = { lockfileVersion: 1, requires: true, dependencies: { 'string-width-cjs': { version: 'npm:string-width@4.2.0' }, 'babel-code-frame': { version: 'npm:@babel/code-frame@7.0.0' }, 'string-width': { version: '5.1.2' } } };
    expect(list(parseNpmLock('package-lock.json', enc(JSON.stringify(v1))))).toEqual(['@babel/code-frame@7.0.0', 'string-width@4.2.0', 'string-width@5.1.2']);
    const v2 = { lockfileVersion: 2, packages: { '': { dependencies: { 'raven-js': 'getsentry/raven-js#3.23.1' } }, 'node_modules/raven-js': { resolved: 'git+ssh://git@github.com/getsentry/raven-js.git#c2b377e' } } };
    expect(list(parseNpmLock('package-lock.json', enc(JSON.stringify(v2))))).toEqual(['raven-js@ (unresolved)']);
  });

  it('yarn v1: quoted keys and aliases', () => {
    const quoted = '# yarn lockfile v1\n\n\nconcat-map@0.0.1:\n  "version" "0.0.1"\n\nconcat-stream@^1.5.0:\n  "version" "1.6.2"\n  "dependencies":\n    "concat-map" "0.0.1"\n';
    const m = parseYarnLock('yarn.lock', enc(quoted));
    expect(list(m)).toEqual(['concat-map@0.0.1', 'concat-stream@1.6.2']);
    expect(m.packages.find((p) => p.name === 'concat-stream')!.deps).toEqual(['npm|concat-map@0.0.1']);
    const alias = '# yarn lockfile v1\n\n\n"ansi-regex-cjs@npm:ansi-regex@^5.0.0":\n  version "5.0.1"\n\n"babel-hvi@npm:@babel/helper-validator-identifier@^7.0.0":\n  version "7.22.20"\n';
    expect(list(parseYarnLock('yarn.lock', enc(alias)))).toEqual(['@babel/helper-validator-identifier@7.22.20', 'ansi-regex@5.0.1']);
    // Berry's resolution "name@npm:1.2.3" stays a version, not an alias.
    const berry = '__metadata:\n  version: 6\n\n"debug@npm:^4.0.0":\n  version: 4.3.3\n  resolution: "debug@npm:4.3.3"\n';
    expect(list(parseYarnLock('yarn.lock', enc(berry)))).toEqual(['debug@4.3.3']);
  });

  it('pnpm: other registry hosts, tarball URLs and git hosts; local file packages left out', () => {
    const v5 = 'lockfileVersion: 5.3\n\npackages:\n  /foo/1.0.0:\n    dev: false\n  registry.npmjs.org/@foo/bar/1.1.0:\n    dev: false\n  example.com/foo/1.3.0_bar@2.0.0:\n    dev: false\n  github.com/kevva/is-positive:\n    dev: false\n  \'@gitlab.my-org.org/api/v4/projects/1/packages/npm/@my-org/my-package/-/@my-org/my-package-3.2.3.tgz\':\n    resolution: {tarball: https://gitlab.my-org.org/x.tgz}\n    name: \'@my-org/my-package\'\n    version: 3.2.3\n  file:../a-local-package:\n    resolution: {directory: ../local-package, type: directory}\n    name: a-local-package\n    version: 1.0.0\n';
    expect(list(parsePnpmLock('pnpm-lock.yaml', enc(v5)))).toEqual(['@foo/bar@1.1.0', '@my-org/my-package@3.2.3', 'foo@1.0.0', 'foo@1.3.0']);
    const v9 = "lockfileVersion: '9.0'\n\npackages:\n\n  ansi-regex@https://codeload.github.com/chalk/ansi-regex/tar.gz/02fa893:\n    resolution: {tarball: https://codeload.github.com/chalk/ansi-regex/tar.gz/02fa893}\n    version: 6.0.1\n\nsnapshots:\n\n  ansi-regex@https://codeload.github.com/chalk/ansi-regex/tar.gz/02fa893: {}\n";
    expect(list(parsePnpmLock('pnpm-lock.yaml', enc(v9)))).toEqual(['ansi-regex@6.0.1']);
  });
});
