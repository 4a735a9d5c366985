import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engine, type ScaTarget } from '../index.ts';
import { npmLockfile, osvFolder } from '../testing/index.ts';
import { reachOf } from './analyse.ts';

const goMain = (body: string, imports: string) => `package main\n\nimport (\n\t"fmt"\n${imports}\n)\n\nfunc main() {\n${body}\n}\n`;

describe('reachability hints', () => {
  it('Go: symbols used through the package name (alias, version suffix, methods), imported only, not imported', () => {
    const fns = [{ module: 'gopkg.in/yaml.v2', names: ['Unmarshal', 'Decoder.Decode', 'yaml_parser_roll_indent'] }];
    expect(reachOf('Go', 'gopkg.in/yaml.v2', fns, [{ path: 'a.go', text: goMain('yaml.Unmarshal(b, &v)', '\t"gopkg.in/yaml.v2"') }])).toMatchObject({ state: 'called', files: ['a.go'] });
    expect(reachOf('Go', 'gopkg.in/yaml.v2', fns, [{ path: 'a.go', text: goMain('y.NewDecoder(r).Decode(&v)', '\ty "gopkg.in/yaml.v2"') }])!.state).toBe('called');
    expect(reachOf('Go', 'gopkg.in/yaml.v2', fns, [{ path: 'a.go', text: goMain('yaml.Marshal(v)', '\t"gopkg.in/yaml.v2"') }])).toMatchObject({ state: 'imported', files: ['a.go'] });
    expect(reachOf('Go', 'gopkg.in/yaml.v2', fns, [{ path: 'a.go', text: goMain('fmt.Println()', '') }])).toMatchObject({ state: 'not_imported', files: [] });
    // Standard library: the advisory names net/http symbols.
    const std = [{ module: 'net/http', names: ['ListenAndServe'] }];
    expect(reachOf('Go', 'stdlib', std, [{ path: 's.go', text: goMain('http.ListenAndServe(":80", nil)', '\t"net/http"') }])!.state).toBe('called');
    // No Go source, or no function data: no hint.
    expect(reachOf('Go', 'stdlib', std, [{ path: 'x.py', text: 'import os' }])).toBeUndefined();
    expect(reachOf('Go', 'stdlib', [], [{ path: 's.go', text: 'package x' }])).toBeUndefined();
    expect(reachOf('PyPI', 'django', [{ names: ['x'] }], [{ path: 'a.py', text: 'import django' }])).toBeUndefined();
  });

  it('npm and Rust: imports, member names and subpaths', () => {
    const lodash = [{ names: ['lodash.template', '(lodash-es).defaultsDeep'] }];
    expect(reachOf('npm', 'lodash', lodash, [{ path: 'a.js', text: "const _ = require('lodash');\n_.template(x);" }])!.state).toBe('called');
    expect(reachOf('npm', 'lodash', lodash, [{ path: 'a.ts', text: "import template from 'lodash/template';\n" }])!.state).toBe('called');
    expect(reachOf('npm', 'lodash', lodash, [{ path: 'a.ts', text: "import { merge } from 'lodash';\nmerge(a, b);" }])!.state).toBe('imported');
    expect(reachOf('npm', 'lodash', lodash, [{ path: 'a.ts', text: "import x from 'lodash-es';" }])!.state).toBe('not_imported');
    expect(reachOf('npm', 'minimist', [{ names: ['(minimist)'] }], [{ path: 'cli.mjs', text: "import minimist from 'minimist';" }])!.state).toBe('called');
    const rust = [{ names: ['fast_able::vec::SyncVec::get_unchecked'] }];
    expect(reachOf('crates.io', 'fast-able', rust, [{ path: 'src/main.rs', text: 'use fast_able::vec::SyncVec;\nfn main() { let v = SyncVec::new(); v.get_unchecked(0); }' }])!.state).toBe('called');
    expect(reachOf('crates.io', 'fast-able', rust, [{ path: 'src/main.rs', text: 'use fast_able::vec::SyncVec;\n' }])!.state).toBe('imported');
  });

  it('runs in a scan: the hint is on the vulnerability and in the item detail', async () => {
    const db = osvFolder([
      { id: 'GO-2099-0002', ecosystem: 'Go', name: 'gopkg.in/yaml.v2', fixed: '2.2.4', severity: 'HIGH', ecosystemSpecific: { imports: [{ path: 'gopkg.in/yaml.v2', symbols: ['Unmarshal'] }] } },
      { id: 'GHSA-rrrr-ssss-tttt', ecosystem: 'npm', name: 'left-pad', fixed: '1.3.0', severity: 'HIGH', ecosystemSpecific: { affected_functions: ['left-pad.leftPad'] } },
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'sca-reach-'));
    const files: Record<string, string> = {
      'svc/go.mod': 'module x\n\ngo 1.22\n\nrequire gopkg.in/yaml.v2 v2.2.1\n',
      'svc/main.go': goMain('yaml.Unmarshal(b, &v)', '\t"gopkg.in/yaml.v2"'),
      'web/package-lock.json': npmLockfile(3, { direct: 1, extra: [{ name: 'left-pad', version: '1.1.0' }] }),
      'web/index.js': "const pad = require('left-pad');\nconsole.log(pad('x', 3));\n",
      'web/node_modules/left-pad/index.js': 'module.exports = function leftPad() {}',
    };
    for (const [n, d] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, n)), { recursive: true });
      writeFileSync(join(dir, n), d);
    }
    const a = await engine.run({ files: [{ path: dir, name: 'proj' }] }, { vulnData: { kind: 'folder', path: db } }, {});
    const t = a.target as unknown as ScaTarget;
    expect(t.vulnerabilities.find((v) => v.id === 'GO-2099-0002')!.reach).toEqual({ state: 'called', symbols: ['gopkg.in/yaml.v2.Unmarshal'], files: ['svc/main.go'] });
    expect(t.vulnerabilities.find((v) => v.id === 'GHSA-rrrr-ssss-tttt')!.reach).toMatchObject({ state: 'imported', files: ['web/index.js'] });
    const high = a.findings.find((f) => f.ruleId === 'sca.vulnerabilities.high')!;
    expect(high.evidence.find((e) => e.snippet?.startsWith('GO-2099-0002'))!.detail).toMatch(/reachability: a vulnerable function .* \(svc\/main\.go\)/);
  });
});
