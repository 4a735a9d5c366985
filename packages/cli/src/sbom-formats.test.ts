/** `scan --platform sca` with --format cyclonedx-xml / spdx and --vex FILE, on the real SCA engine. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmLockfile, osvFolder } from '@citadel/engine-sca/testing';
import { describe, expect, it } from 'vitest';
import { EXIT, runCli } from './scan.ts';

const VULNS = osvFolder([{ id: 'GHSA-aaaa-bbbb-cccc', aliases: ['CVE-2099-0001'], ecosystem: 'npm', name: 'left-pad', introduced: '0', fixed: '1.3.0', severity: 'HIGH' }]);

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

describe('scan SBOM formats', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-sbom-'));
  writeFileSync(join(dir, 'package-lock.json'), npmLockfile(4, { extra: [{ name: 'left-pad', version: '1.1.0' }] }));

  it('writes CycloneDX 1.6 XML and SPDX 2.3 JSON, and fails on high without a VEX', async () => {
    const xml = await cli([dir, '--platform', 'sca', '--vuln-db', VULNS, '--format', 'cyclonedx-xml', '--quiet', '--fail-on', 'high']);
    expect(xml.code).toBe(EXIT.failOn);
    expect(xml.out).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<bom xmlns="http:\/\/cyclonedx.org\/schema\/bom\/1.6"/);
    expect(xml.out).toContain('<purl>pkg:npm/left-pad@1.1.0</purl>');
    const spdx = await cli([dir, '--platform', 'sca', '--format', 'spdx', '--quiet']);
    expect(spdx.code).toBe(EXIT.ok);
    const doc = JSON.parse(spdx.out) as { spdxVersion: string; packages: { externalRefs?: { referenceLocator: string }[] }[] };
    expect(doc.spdxVersion).toBe('SPDX-2.3');
    expect(doc.packages.flatMap((p) => p.externalRefs ?? []).map((r) => r.referenceLocator)).toContain('pkg:npm/left-pad@1.1.0');
  });

  it('--vex suppresses the declared vulnerability (no longer failing), and refuses a missing file', async () => {
    const vex = join(dir, 'statements.json');
    writeFileSync(vex, JSON.stringify({ '@context': 'https://openvex.dev/ns/v0.2.0', statements: [{ vulnerability: { name: 'CVE-2099-0001' }, products: [{ '@id': 'pkg:npm/left-pad' }], status: 'not_affected', justification: 'vulnerable_code_not_present' }] }));
    const r = await cli([dir, '--platform', 'sca', '--vuln-db', VULNS, '--vex', vex, '--quiet', '--fail-on', 'high']);
    expect(r.code).toBe(EXIT.ok);
    const a = JSON.parse(r.out) as { findings: { ruleId: string; result: string; evidence: { detail?: string }[] }[] };
    expect(a.findings.find((f) => f.ruleId === 'sca.vulnerabilities.suppressed')!.evidence[0]!.detail).toBe('VEX: not_affected; vulnerable_code_not_present');
    expect((await cli([dir, '--platform', 'sca', '--vex', join(dir, 'nope.json')])).code).toBe(EXIT.usage);
    expect((await cli([dir, '--format', 'cyclonedx-json'])).err).toMatch(/--format must be one of json, sarif, cyclonedx, cyclonedx-xml, spdx/);
  });
});
