import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { type ScaTarget, engine } from '../index.ts';
import { ManifestError } from '../model.ts';
import { npmLockfile, osvFolder } from '../testing/index.ts';
import { parseSbom } from './import.ts';
import { spdxFromCycloneDx } from './spdx.ts';
import { parseVex } from './vex.ts';
import { cycloneDxXml } from './xml.ts';

const VULNS = osvFolder([
  { id: 'GHSA-aaaa-bbbb-cccc', aliases: ['CVE-2099-0001'], ecosystem: 'npm', name: 'left-pad', introduced: '0', fixed: '1.3.0', cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
  { id: 'GHSA-dddd-eeee-ffff', ecosystem: 'npm', name: 'left-pad', introduced: '1.0.0', fixed: '1.3.2', severity: 'MODERATE' },
  { id: 'PYSEC-2099-1', aliases: ['CVE-2099-0002'], ecosystem: 'PyPI', name: 'django', introduced: '2.0', fixed: '2.2.10', severity: 'HIGH' },
]);
const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const schemaDir = join(dirname(createRequire(import.meta.url).resolve('@cyclonedx/cyclonedx-library/package.json')), 'res/schema');

function tmp(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sca-sbom-'));
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), data);
  }
  return dir;
}

const run = (path: string, name: string, params: Record<string, string> = {}) => engine.run({ files: [{ path, name }] }, { vulnData: { kind: 'folder', path: VULNS }, params }, { now: () => new Date('2026-01-02T03:04:05.678Z') });

async function scanned(): Promise<ScaTarget> {
  const lock = JSON.parse(npmLockfile(6, { extra: [{ name: 'left-pad', version: '1.1.0', dev: true }] })) as { packages: Record<string, Record<string, unknown>> };
  lock.packages['node_modules/left-pad']!.license = 'WTFPL';
  lock.packages['node_modules/pkg-0']!.license = 'MIT OR Apache-2.0';
  lock.packages['node_modules/pkg-1']!.license = 'SEE LICENSE IN x';
  const dir = tmp({ 'package-lock.json': JSON.stringify(lock), 'requirements.txt': 'Django==2.1.0\nflask>=1\n' });
  return (await run(dir, 'proj')).target as unknown as ScaTarget;
}

/** The 2.3 spec's required document, package and relationship fields (no npm package ships the SPDX 2.3 JSON schema; it is not fetched at run time). */
const SPDX_23_REQUIRED = {
  type: 'object',
  required: ['spdxVersion', 'dataLicense', 'SPDXID', 'name', 'documentNamespace', 'creationInfo'],
  properties: {
    spdxVersion: { const: 'SPDX-2.3' },
    dataLicense: { const: 'CC0-1.0' },
    SPDXID: { const: 'SPDXRef-DOCUMENT' },
    documentNamespace: { type: 'string', format: 'uri', not: { pattern: '#' } },
    creationInfo: { type: 'object', required: ['created', 'creators'], properties: { created: { type: 'string', pattern: '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$' }, creators: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^(Tool|Organization|Person): .+' } } } },
    packages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['SPDXID', 'name', 'downloadLocation'],
        properties: {
          SPDXID: { type: 'string', pattern: '^SPDXRef-[A-Za-z0-9.-]+$' },
          filesAnalyzed: { type: 'boolean' },
          externalRefs: { type: 'array', items: { type: 'object', required: ['referenceCategory', 'referenceType', 'referenceLocator'], properties: { referenceCategory: { enum: ['SECURITY', 'PACKAGE-MANAGER', 'PERSISTENT-ID', 'OTHER'] } } } },
          primaryPackagePurpose: { enum: ['APPLICATION', 'FRAMEWORK', 'LIBRARY', 'CONTAINER', 'OPERATING-SYSTEM', 'DEVICE', 'FIRMWARE', 'SOURCE', 'ARCHIVE', 'FILE', 'INSTALL', 'OTHER'] },
        },
      },
    },
    relationships: { type: 'array', items: { type: 'object', required: ['spdxElementId', 'relationshipType', 'relatedSpdxElement'] } },
  },
};

describe('SBOM outputs', () => {
  it('CycloneDX 1.6 JSON validates against the official schema, with licences', async () => {
    const t = await scanned();
    const ajv = new Ajv({ strict: false, validateFormats: true, logger: false, code: { optimize: false } });
    (addFormats as unknown as (a: Ajv) => void)(ajv);
    for (const f of ['spdx.SNAPSHOT.schema.json', 'jsf-0.82.SNAPSHOT.schema.json', 'cryptography-defs.SNAPSHOT.schema.json']) ajv.addSchema(JSON.parse(await readFile(join(schemaDir, f), 'utf8')), `http://cyclonedx.org/schema/${f}`);
    const validate = ajv.compile(JSON.parse(await readFile(join(schemaDir, 'bom-1.6.SNAPSHOT.schema.json'), 'utf8')));
    validate(t.sbom);
    expect(validate.errors ?? []).toEqual([]);
    const comps = (t.sbom as { components: { name: string; licenses?: unknown }[] }).components;
    expect(comps.find((c) => c.name === 'pkg-0')!.licenses).toEqual([{ expression: 'MIT OR Apache-2.0' }]);
  });

  it('CycloneDX 1.6 XML validates against the official XSD and reads back to the same components', async () => {
    const t = await scanned();
    const xml = cycloneDxXml(t.sbom);
    expect(xml).toMatch(/<bom xmlns="http:\/\/cyclonedx.org\/schema\/bom\/1.6"/);
    expect(xml).toContain('<expression>MIT OR Apache-2.0</expression>');
    const dir = tmp({ 'bom.xml': xml });
    if (existsSync('/usr/bin/xmllint')) {
      // The XSD imports spdx.SNAPSHOT.xsd by a relative location: both copied next to each other, no network.
      for (const f of ['bom-1.6.SNAPSHOT.xsd', 'spdx.SNAPSHOT.xsd']) copyFileSync(join(schemaDir, f), join(dir, f));
      const out = execFileSync('xmllint', ['--noout', '--nonet', '--schema', join(dir, 'bom-1.6.SNAPSHOT.xsd'), join(dir, 'bom.xml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(out).toBe('');
    }
    const back = parseSbom('bom.xml', b(xml));
    // pypi purls are lower case by the purl spec: Django comes back as django.
    expect(back.packages.map((p) => `${p.ecosystem}|${p.name}@${p.version}`).sort((x, y) => (x < y ? -1 : 1))).toEqual(t.components.filter((c) => c.version).map((c) => (c.ecosystem === 'PyPI' ? `PyPI|${c.name.toLowerCase()}@${c.version}` : c.ref)).sort((x, y) => (x < y ? -1 : 1)));
    const lp = back.packages.find((p) => p.name === 'left-pad')!;
    expect(lp.dev).toBe(true);
    expect(back.packages.find((p) => p.name === 'pkg-0')!.deps).toContain('npm|left-pad@1.1.0');
  });

  it('SPDX 2.3 JSON has the required fields, purls and DESCRIBES / DEPENDS_ON relationships', async () => {
    const t = await scanned();
    const doc = spdxFromCycloneDx(t.sbom, '0.1.0') as { packages: { SPDXID: string; name: string; licenseDeclared: string; externalRefs?: { referenceLocator: string }[] }[]; relationships: { spdxElementId: string; relationshipType: string; relatedSpdxElement: string }[]; creationInfo: { created: string } };
    const ajv = new Ajv({ strict: false, logger: false });
    (addFormats as unknown as (a: Ajv) => void)(ajv);
    const validate = ajv.compile(SPDX_23_REQUIRED);
    validate(doc);
    expect(validate.errors ?? []).toEqual([]);
    expect(doc.creationInfo.created).toBe('2026-01-02T03:04:05Z');
    const ids = new Set(doc.packages.map((p) => p.SPDXID));
    expect(ids.size).toBe(doc.packages.length);
    for (const r of doc.relationships) expect(r.spdxElementId === 'SPDXRef-DOCUMENT' || ids.has(r.spdxElementId)).toBe(true);
    expect(doc.relationships[0]).toEqual({ spdxElementId: 'SPDXRef-DOCUMENT', relationshipType: 'DESCRIBES', relatedSpdxElement: 'SPDXRef-Project' });
    const byName = (n: string) => doc.packages.find((p) => p.name === n)!;
    expect(byName('left-pad').externalRefs![0]!.referenceLocator).toBe('pkg:npm/left-pad@1.1.0');
    expect(byName('pkg-0').licenseDeclared).toBe('MIT OR Apache-2.0');
    expect(byName('pkg-1').licenseDeclared).toBe('NOASSERTION');
    expect(doc.relationships).toContainEqual({ spdxElementId: byName('pkg-0').SPDXID, relationshipType: 'DEPENDS_ON', relatedSpdxElement: byName('left-pad').SPDXID });
    expect(doc.relationships).toContainEqual({ spdxElementId: 'SPDXRef-Project', relationshipType: 'DEPENDS_ON', relatedSpdxElement: byName('Django').SPDXID });
    // Read back as an SBOM: the same packages, the graph and the project's direct dependencies.
    const back = parseSbom('x.spdx.json', b(JSON.stringify(doc)));
    expect(back.packages.length).toBe(t.components.filter((c) => c.version).length);
    expect(back.packages.find((p) => p.name === 'django' || p.name === 'Django')!.direct).toBe(true);
    expect(back.packages.find((p) => p.name === 'left-pad')!.direct).toBe(false);
  });
});

describe('SBOM outputs of another engine', () => {
  it('a firmware-style BOM (1.5, cpe, firmware/operating-system types) converts to valid 1.6 XML and SPDX', () => {
    const fw = {
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      metadata: { component: { type: 'firmware', 'bom-ref': 'image', name: 'router.bin', hashes: [{ alg: 'SHA-256', content: 'a'.repeat(64) }] } },
      components: [
        { type: 'application', 'bom-ref': 'busybox@1.31.1', name: 'busybox', version: '1.31.1', cpe: 'cpe:2.3:a:busybox:busybox:1.31.1:*:*:*:*:*:*:*', evidence: { occurrences: [{ location: '/bin/busybox' }] } },
        { type: 'operating-system', 'bom-ref': 'linux@4.9', name: 'linux', version: '4.9', cpe: 'not a cpe' },
      ],
    };
    const xml = cycloneDxXml(fw);
    expect(xml).toContain('<cpe>cpe:2.3:a:busybox:busybox:1.31.1:*:*:*:*:*:*:*</cpe>');
    expect(xml).not.toContain('not a cpe');
    if (existsSync('/usr/bin/xmllint')) {
      const dir = tmp({ 'fw.xml': xml });
      for (const f of ['bom-1.6.SNAPSHOT.xsd', 'spdx.SNAPSHOT.xsd']) copyFileSync(join(schemaDir, f), join(dir, f));
      expect(execFileSync('xmllint', ['--noout', '--nonet', '--schema', join(dir, 'bom-1.6.SNAPSHOT.xsd'), join(dir, 'fw.xml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toBe('');
    }
    const doc = spdxFromCycloneDx(fw, '0.1.0') as { packages: { name: string; primaryPackagePurpose: string; externalRefs?: { referenceType: string }[] }[]; relationships: { relationshipType: string }[] };
    expect(doc.packages.map((p) => `${p.name} ${p.primaryPackagePurpose} ${(p.externalRefs ?? []).map((r) => r.referenceType).join(',')}`)).toEqual(['router.bin FIRMWARE ', 'busybox APPLICATION cpe23Type', 'linux OPERATING-SYSTEM ']);
    expect(doc.relationships.map((r) => r.relationshipType)).toEqual(['DESCRIBES', 'CONTAINS', 'CONTAINS']);
  });
});

describe('SBOM import', () => {
  const cdx = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { type: 'application', name: 'app', 'bom-ref': 'root' } },
    components: [
      { type: 'library', 'bom-ref': 'a', name: 'left-pad', version: '1.1.0', purl: 'pkg:npm/left-pad@1.1.0', licenses: [{ license: { id: 'MIT' } }] },
      { type: 'library', 'bom-ref': 'b', group: 'org.x', name: 'lib', version: '2.0', purl: 'pkg:maven/org.x/lib@2.0', components: [{ type: 'library', 'bom-ref': 'c', name: 'shaded', version: '1.0', purl: 'pkg:maven/org.y/shaded@1.0' }] },
      { type: 'library', 'bom-ref': 'd', name: 'django', version: '2.1.0', purl: 'pkg:pypi/django@2.1.0', scope: 'optional' },
      { type: 'library', 'bom-ref': 'e', name: 'thing', version: '1.0', purl: 'pkg:generic/thing@1.0' },
      { type: 'library', 'bom-ref': 'f', name: 'nopurl', version: '1.0' },
    ],
    dependencies: [{ ref: 'root', dependsOn: ['b', 'd'] }, { ref: 'b', dependsOn: ['a', 'c'] }],
  };

  it('reads CycloneDX JSON: purls, nesting, graph, direct and dev, not-matchable components noted', () => {
    const m = parseSbom('bom.json', b(JSON.stringify(cdx)));
    expect(m.packages.map((p) => `${p.ecosystem}|${p.name}@${p.version}${p.direct ? ' direct' : ''}${p.dev ? ' dev' : ''}`).sort()).toEqual(['Maven|org.x:lib@2.0 direct', 'Maven|org.y:shaded@1.0', 'PyPI|django@2.1.0 direct dev', 'npm|left-pad@1.1.0']);
    expect(m.packages.find((p) => p.name === 'org.x:lib')!.deps).toEqual(['npm|left-pad@1.1.0', 'Maven|org.y:shaded@1.0']);
    expect(m.notes).toEqual(['1 component(s) not matched (type generic: no vulnerability ecosystem for it)', '1 component(s) not matched (no purl: no vulnerability ecosystem for it)']);
  });

  it('an uploaded SBOM is matched like a lockfile, with paths and licences', async () => {
    const dir = tmp({ 'app-sbom.json': JSON.stringify(cdx) });
    const a = await run(join(dir, 'app-sbom.json'), 'app-sbom.json');
    const t = a.target as unknown as ScaTarget;
    expect(t.manifests.map((m) => m.format)).toEqual(['cyclonedx']);
    const lp = t.components.find((c) => c.name === 'left-pad')!;
    expect(lp.vulnerabilities.sort()).toEqual(['CVE-2099-0001', 'GHSA-dddd-eeee-ffff']);
    expect(lp.paths[0]).toEqual(['org.x:lib@2.0', 'left-pad@1.1.0']);
    expect(lp.licence).toMatchObject({ expression: 'MIT', source: 'app-sbom.json' });
    expect(a.findings.find((f) => f.ruleId === 'sca.vulnerabilities.high')!.evidence[0]!.snippet).toBe('CVE-2099-0002 django@2.1.0');
  });

  it('refuses hostile and foreign documents clearly', () => {
    const err = (name: string, s: string): string => {
      try {
        parseSbom(name, b(s));
        return 'parsed';
      } catch (e) {
        expect(e).toBeInstanceOf(ManifestError);
        return (e as Error).message;
      }
    };
    expect(err('bom.xml', '<?xml version="1.0"?><!DOCTYPE bom [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><bom xmlns="http://cyclonedx.org/schema/bom/1.6"/>')).toMatch(/DOCTYPE/);
    expect(err('bom.xml', '<bom><components>')).toMatch(/not a CycloneDX XML BOM|malformed XML/);
    expect(err('bom.json', '{"hello":1}')).toMatch(/not a CycloneDX or SPDX/);
    expect(err('bom.json', '{"bomFormat":"CycloneDX",')).toMatch(/malformed JSON/);
    expect(err('x.spdx.json', '{"spdxVersion":"SPDX-3.0"}')).toMatch(/not read/);
    // Components nested 10,000 deep: read to the bound, the rest noted.
    // (written as text: JSON.stringify itself cannot nest that deep)
    let nested = '{"type":"library","name":"x","version":"1","purl":"pkg:npm/x@1"}';
    for (let i = 0; i < 10_000; i++) nested = `{"type":"library","name":"n${i}","version":"1","purl":"pkg:npm/n${i}@1","components":[${nested}]}`;
    const deep = parseSbom('bom.json', b(`{"bomFormat":"CycloneDX","components":[${nested}]}`));
    expect(deep.packages.length).toBe(33);
    expect(deep.notes[0]).toMatch(/deeper than 32/);
    // A dependency cycle is read once and walks once.
    const cyc = parseSbom('bom.json', b(JSON.stringify({ ...cdx, dependencies: [{ ref: 'a', dependsOn: ['b'] }, { ref: 'b', dependsOn: ['a'] }] })));
    expect(cyc.packages.find((p) => p.name === 'left-pad')!.deps).toEqual(['Maven|org.x:lib@2.0']);
  });
});

describe('VEX', () => {
  const lock = npmLockfile(3, { extra: [{ name: 'left-pad', version: '1.1.0' }] });

  it('a CycloneDX VEX in the input suppresses the named vulnerability for that component, shown with its justification', async () => {
    const vex = { bomFormat: 'CycloneDX', specVersion: '1.6', vulnerabilities: [{ id: 'GHSA-aaaa-bbbb-cccc', analysis: { state: 'not_affected', justification: 'code_not_reachable', detail: 'padding is never called with user input' }, affects: [{ ref: 'pkg:npm/left-pad@1.1.0' }] }, { id: 'GHSA-dddd-eeee-ffff', analysis: { state: 'in_triage' }, affects: [{ ref: 'pkg:npm/left-pad' }] }] };
    const dir = tmp({ 'package-lock.json': lock, 'vex.json': JSON.stringify(vex) });
    const a = await run(dir, 'proj');
    const row = (id: string) => a.findings.find((f) => f.ruleId === id)!;
    // Matched by an alias: the finding's display id is the CVE.
    expect(row('sca.vulnerabilities.critical').result).toBe('pass');
    expect(row('sca.vulnerabilities.suppressed').result).toBe('find_problem');
    expect(row('sca.vulnerabilities.suppressed').evidence).toEqual([expect.objectContaining({ file: 'vex.json', snippet: 'CVE-2099-0001 left-pad@1.1.0', detail: 'VEX: not_affected; code_not_reachable; padding is never called with user input' })]);
    expect(row('sca.vulnerabilities.medium').result).toBe('fail');
    const t = a.target as unknown as ScaTarget;
    expect(t.vulnerabilities.find((v) => v.id === 'CVE-2099-0001')!.suppressed).toEqual({ state: 'not_affected', justification: 'code_not_reachable', detail: 'padding is never called with user input', source: 'vex.json' });
    const sv = (t.sbom as { vulnerabilities: { id: string; analysis?: unknown }[] }).vulnerabilities.find((v) => v.id === 'CVE-2099-0001')!;
    expect(sv.analysis).toEqual({ state: 'not_affected', justification: 'code_not_reachable', detail: 'padding is never called with user input' });
    expect(cycloneDxXml(t.sbom)).toMatch(/<analysis>\s*<state>not_affected<\/state>\s*<justification>code_not_reachable<\/justification>/);
    // The exported BOM is itself a VEX: given to a later scan (of the lockfile alone) it suppresses the same finding.
    const later = await run(join(dir, 'package-lock.json'), 'package-lock.json', { vex: JSON.stringify(t.sbom) });
    expect(later.findings.find((f) => f.ruleId === 'sca.vulnerabilities.critical')!.result).toBe('pass');
    expect(later.findings.find((f) => f.ruleId === 'sca.vulnerabilities.suppressed')!.evidence.map((e) => e.snippet)).toEqual(['CVE-2099-0001 left-pad@1.1.0']);
  });

  it('an OpenVEX given as the scan parameter suppresses by product or subcomponent purl; a broken one is listed, not applied', async () => {
    const openvex = {
      '@context': 'https://openvex.dev/ns/v0.2.0',
      '@id': 'https://example.org/vex-1',
      statements: [
        { vulnerability: { name: 'GHSA-dddd-eeee-ffff' }, products: [{ '@id': 'pkg:github/acme/app', subcomponents: [{ '@id': 'pkg:npm/left-pad@1.1.0' }] }], status: 'not_affected', justification: 'vulnerable_code_not_in_execute_path' },
        { vulnerability: 'CVE-2099-0001', products: ['pkg:npm/left-pad@9.9.9'], status: 'not_affected', justification: 'component_not_present' },
      ],
    };
    const dir = tmp({ 'package-lock.json': lock });
    const a = await run(join(dir, 'package-lock.json'), 'package-lock.json', { vex: JSON.stringify(openvex) });
    const row = (id: string) => a.findings.find((f) => f.ruleId === id)!;
    expect(row('sca.vulnerabilities.medium').result).toBe('pass');
    expect(row('sca.vulnerabilities.critical').result).toBe('fail');
    expect(row('sca.vulnerabilities.suppressed').evidence.map((e) => e.detail)).toEqual(['VEX: not_affected; vulnerable_code_not_in_execute_path']);
    const sv = ((a.target as unknown as ScaTarget).sbom as { vulnerabilities: { id: string; analysis?: unknown }[] }).vulnerabilities.find((v) => v.id === 'GHSA-dddd-eeee-ffff')!;
    expect(sv.analysis).toEqual({ state: 'not_affected', justification: 'code_not_reachable' });

    const broken = await run(join(dir, 'package-lock.json'), 'package-lock.json', { vex: '{"statements": [' });
    expect(broken.unreadable).toEqual([{ file: 'VEX (scan parameter)', reason: expect.stringMatching(/malformed JSON/) }]);
    expect(broken.findings.find((f) => f.ruleId === 'sca.vulnerabilities.medium')!.result).toBe('fail');
    expect(() => parseVex('x.json', b('{"a":1}'))).toThrow(/not a VEX document/);
  });
});
