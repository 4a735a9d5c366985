import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildZip } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { type ScaTarget, engine } from '../index.ts';
import { judge, normaliseLicence, policyFromParams, readLicences } from './index.ts';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);

function project(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sca-lic-'));
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), data);
  }
  return dir;
}

describe('licence expressions', () => {
  it('normalises ids, names, deprecated ids and alternatives', () => {
    const n = (...s: string[]) => normaliseLicence(...s).expression;
    expect(n('mit')).toBe('MIT');
    expect(n('(MIT OR Apache-2.0)')).toBe('MIT OR Apache-2.0');
    expect(n('The Apache Software License, Version 2.0')).toBe('Apache-2.0');
    expect(n('GPL-2.0+')).toBe('GPL-2.0-or-later');
    expect(n('GPL-2.0')).toBe('GPL-2.0-only');
    expect(n('Apache-2.0+')).toBe('Apache-2.0+');
    expect(n('MIT/Apache-2.0')).toBe('MIT OR Apache-2.0');
    expect(n('BSD-3-Clause', 'GPL-3.0-only')).toBe('BSD-3-Clause OR GPL-3.0-only');
    expect(n('gpl-2.0-only with classpath-exception-2.0')).toBe('GPL-2.0-only WITH Classpath-exception-2.0');
    expect(n('(MIT AND (BSD-2-Clause OR ISC))')).toBe('MIT AND (BSD-2-Clause OR ISC)');
    expect(normaliseLicence('MIT AND (BSD-2-Clause OR ISC)').choices).toEqual([['MIT', 'BSD-2-Clause'], ['MIT', 'ISC']]);
    expect(n('LicenseRef-Proprietary')).toBe('LicenseRef-Proprietary');
  });

  it('keeps what it cannot recognise as unknown, bounded on hostile input', () => {
    const custom = normaliseLicence('SEE LICENSE IN LICENSE.txt');
    expect(custom.expression).toBeUndefined();
    expect(custom.unknown).toEqual(['SEE LICENSE IN LICENSE.txt']);
    const partly = normaliseLicence('MIT OR Frobnicate-1.0');
    expect(partly.expression).toBeUndefined();
    expect(partly.unknown).toEqual(['Frobnicate-1.0']);
    expect(partly.choices).toEqual([['MIT'], ['Frobnicate-1.0']]);
    const deep = normaliseLicence(`${'('.repeat(5000)}MIT${')'.repeat(5000)}`);
    expect(deep.expression).toBeUndefined();
    const wide = normaliseLicence(Array.from({ length: 40 }, (_, i) => `(MIT OR ISC${i % 2 ? '' : ''})`).join(' AND '));
    expect(wide.choices.length).toBeLessThanOrEqual(64);
    expect(normaliseLicence('x'.repeat(1_000_000)).declared.length).toBe(1000);
  });
});

describe('licence policy', () => {
  const policy = policyFromParams({ licenceAllowed: 'MIT, Apache-2.0, BSD-3-Clause, ISC', licenceDenied: 'GPL-3.0-only,AGPL-3.0-only, GPL-2.0-only' })!;
  it('judges the best alternative', () => {
    expect(judge(normaliseLicence('MIT'), policy)).toEqual({ kind: 'ok' });
    expect(judge(normaliseLicence('MIT OR GPL-3.0-only'), policy)).toEqual({ kind: 'ok' });
    expect(judge(normaliseLicence('GPL-3.0-only'), policy)).toEqual({ kind: 'denied', terms: ['GPL-3.0-only'] });
    expect(judge(normaliseLicence('MIT AND AGPL-3.0-only'), policy)).toEqual({ kind: 'denied', terms: ['AGPL-3.0-only'] });
    expect(judge(normaliseLicence('GPL-2.0-only WITH Classpath-exception-2.0'), policy).kind).toBe('denied');
    expect(judge(normaliseLicence('GPL-3.0-or-later'), policy).kind).toBe('denied');
    expect(judge(normaliseLicence('GPL-2.0+'), policy).kind).toBe('denied');
    expect(judge(normaliseLicence('LGPL-2.1-or-later'), policy).kind).toBe('not_allowed');
    expect(judge(normaliseLicence('LGPL-2.1-or-later'), policyFromParams({ licenceAllowed: 'LGPL-2.1-only' })!)).toEqual({ kind: 'ok' });
    expect(judge(normaliseLicence('GPL-2.0-only WITH Classpath-exception-2.0'), policyFromParams({ licenceAllowed: 'GPL-2.0-only WITH Classpath-exception-2.0', licenceDenied: 'GPL-2.0-only' })!)).toEqual({ kind: 'ok' });
    expect(judge(normaliseLicence('MPL-2.0'), policy)).toEqual({ kind: 'not_allowed', terms: ['MPL-2.0'] });
    expect(judge(normaliseLicence('Mystery'), policy)).toEqual({ kind: 'not_allowed', terms: ['Mystery'] });
    expect(judge(normaliseLicence('MPL-2.0'), policyFromParams({ licenceDenied: 'GPL-3.0-only' })!)).toEqual({ kind: 'ok' });
    expect(policyFromParams({})).toBeUndefined();
  });
});

describe('licence sources', () => {
  it('reads package-lock, package.json, composer.lock, pom.xml and Python metadata', () => {
    const lock = { lockfileVersion: 3, packages: { '': { name: 'app' }, 'node_modules/a': { version: '1.0.0', license: 'MIT' }, 'node_modules/@s/b': { version: '2.0.0', license: '(ISC OR GPL-3.0)' }, 'node_modules/c': { version: '1.0.0' } } };
    expect(readLicences('package-lock.json', b(JSON.stringify(lock))).map((e) => `${e.name}@${e.version} ${e.declared}`)).toEqual(['a@1.0.0 MIT', '@s/b@2.0.0 (ISC OR GPL-3.0)']);
    expect(readLicences('node_modules/old/package.json', b('{"name":"old","version":"0.1.0","licenses":[{"type":"MIT"},{"type":"Apache-2.0"}]}'))[0]!.declared).toEqual(['MIT', 'Apache-2.0']);
    expect(readLicences('composer.lock', b('{"packages":[{"name":"monolog/monolog","version":"v2.9.1","license":["MIT"]}]}'))).toEqual([{ ecosystem: 'Packagist', name: 'monolog/monolog', version: '2.9.1', declared: ['MIT'], source: 'composer.lock' }]);
    const pom = '<project><groupId>g</groupId><artifactId>a</artifactId><version>1</version><licenses><license><name>The Apache Software License, Version 2.0</name></license></licenses></project>';
    expect(readLicences('pom.xml', b(pom))[0]).toMatchObject({ ecosystem: 'Maven', name: 'g:a', version: '1' });
    expect(readLicences('pom.xml', b('<!DOCTYPE x [<!ENTITY a "b">]><project/>'))).toEqual([]);
    const meta = 'Metadata-Version: 2.1\nName: requests\nVersion: 2.31.0\nLicense: Apache 2.0\nClassifier: License :: OSI Approved :: Apache Software License\nClassifier: Programming Language :: Python\n\nLong description\nLicense: GPL\n';
    const e = readLicences('venv/lib/python3.11/site-packages/requests-2.31.0.dist-info/METADATA', b(meta))[0]!;
    expect(e).toMatchObject({ ecosystem: 'PyPI', name: 'requests', version: '2.31.0', declared: ['Apache Software License'] });
    expect(normaliseLicence(...e.declared).expression).toBe('Apache-2.0');
    expect(readLicences('x.dist-info/METADATA', b('Name: x\nVersion: 1\nLicense-Expression: MIT OR Apache-2.0\nLicense: whatever\n'))[0]!.declared).toEqual(['MIT OR Apache-2.0']);
    expect(readLicences('package-lock.json', b('{ broken'))).toEqual([]);
  });
});

describe('licences in a scan', () => {
  const lock = JSON.stringify({
    lockfileVersion: 3,
    packages: {
      '': { name: 'app', dependencies: { a: '1', b: '1', c: '1', d: '1', e: '1' } },
      'node_modules/a': { version: '1.0.0', license: 'MIT' },
      'node_modules/b': { version: '1.0.0', license: 'GPL-3.0' },
      'node_modules/c': { version: '1.0.0', license: 'MPL-2.0' },
      'node_modules/d': { version: '1.0.0', license: 'SEE LICENSE IN LICENSE' },
      'node_modules/e': { version: '1.0.0' },
    },
  });
  const run = (path: string, name: string, params: Record<string, string>) => engine.run({ files: [{ path, name }] }, { params }, {});

  it('applies the policy from the params and reads installed packages and virtualenvs', async () => {
    const dir = project({
      'package-lock.json': lock,
      'node_modules/e/package.json': '{"name":"e","version":"1.0.0","license":"AGPL-3.0-only"}',
      'node_modules/e/node_modules/x/package.json': '{"name":"x","version":"9","license":"MIT"}',
      'requirements.txt': 'requests==2.31.0\n',
      '.venv/lib/python3.11/site-packages/requests-2.31.0.dist-info/METADATA': 'Name: requests\nVersion: 2.31.0\nClassifier: License :: OSI Approved :: Apache Software License\n',
      'requirements-dev.txt': 'Flask==3.0.0\n',
      'wheels/flask-3.0.0-py3-none-any.whl': buildZip([{ name: 'flask/__init__.py', data: '' }, { name: 'flask-3.0.0.dist-info/METADATA', data: 'Metadata-Version: 2.1\nName: Flask\nVersion: 3.0.0\nClassifier: License :: OSI Approved :: BSD License\n' }]),
      'wheels/broken-1.0-py3-none-any.whl': 'not a zip',
    });
    const a = await run(dir, 'app', { licenceAllowed: 'MIT,Apache-2.0,BSD-3-Clause', licenceDenied: 'GPL-3.0-only, AGPL-3.0-only' });
    const t = a.target as unknown as ScaTarget;
    const lic = (n: string) => t.components.find((c) => c.name === n)!.licence;
    expect(lic('a')).toEqual({ declared: 'MIT', expression: 'MIT', source: 'package-lock.json', policy: { verdict: 'ok', terms: [] } });
    expect(lic('b')).toMatchObject({ expression: 'GPL-3.0-only', policy: { verdict: 'denied', terms: ['GPL-3.0-only'] } });
    expect(lic('e')).toMatchObject({ expression: 'AGPL-3.0-only', source: 'node_modules/e/package.json' });
    expect(lic('requests')).toMatchObject({ expression: 'Apache-2.0', source: '.venv/lib/python3.11/site-packages/requests-2.31.0.dist-info/METADATA' });
    expect(lic('Flask')).toMatchObject({ declared: 'BSD License', expression: 'BSD-3-Clause', source: 'wheels/flask-3.0.0-py3-none-any.whl!/flask-3.0.0.dist-info/METADATA' });
    const row = (id: string) => a.findings.find((f) => f.ruleId === id)!;
    expect(row('sca.licence.denied').result).toBe('fail');
    expect(row('sca.licence.denied').evidence.map((e) => e.snippet).sort()).toEqual(['b@1.0.0', 'e@1.0.0']);
    expect(row('sca.licence.not_allowed').evidence.map((e) => `${e.snippet} ${e.detail}`)).toEqual(['c@1.0.0 licence MPL-2.0: not on the allowed list: MPL-2.0', 'd@1.0.0 licence SEE LICENSE IN LICENSE: not on the allowed list: SEE LICENSE IN LICENSE']);
    expect(row('sca.licence.unknown').evidence.map((e) => e.snippet)).toEqual(['d@1.0.0']);
    const sbom = t.sbom as { components: { name: string; licenses?: unknown[] }[] };
    expect(sbom.components.find((c) => c.name === 'b')!.licenses).toEqual([{ expression: 'GPL-3.0-only' }]);
    expect(sbom.components.find((c) => c.name === 'd')!.licenses).toEqual([{ license: { name: 'SEE LICENSE IN LICENSE' } }]);
  });

  it('reports the policy checks not executed without a policy, and reads licences from a zip', async () => {
    const dir = project({});
    const zip = join(dir, 'p.zip');
    writeFileSync(zip, buildZip([{ name: 'app/package-lock.json', data: lock }, { name: 'app/node_modules/e/package.json', data: '{"name":"e","version":"1.0.0","license":"BSD"}' }]));
    const a = await run(zip, 'p.zip', {});
    expect(a.findings.find((f) => f.ruleId === 'sca.licence.denied')!.result).toBe('not_executed');
    expect(a.findings.find((f) => f.ruleId === 'sca.licence.denied')!.evidence[0]!.detail).toMatch(/licenceDenied/);
    expect((a.target as unknown as ScaTarget).components.find((c) => c.name === 'e')!.licence!.expression).toBe('BSD-3-Clause');
  });
});
