/**
 * The shared real OSV data (../shared/datasets, never committed): a project
 * with marked 0.3.5 (npm) and log4j-core 2.14.1 (Maven) gets the advisories
 * OSV publishes for them, merged by alias, and the verified minimal upgrade.
 * Each ecosystem's folder is opened on its own (small and fast). Skips when
 * the datasets are absent.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ScaTarget, engine } from './index.ts';

const OSV = fileURLToPath(new URL('../../../../../shared/datasets/osv', import.meta.url));
const present = existsSync(`${OSV}/npm/all.zip`) && existsSync(`${OSV}/Maven/all.zip`);

describe.skipIf(!present)('shared OSV data', () => {
  it('npm: marked 0.3.5 through express-like paths, with all five advisories and 4.0.10 as the fix', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sca-ds-'));
    const lock = { lockfileVersion: 3, packages: { '': { dependencies: { docs: '1' } }, 'node_modules/docs': { version: '1.0.0', dependencies: { marked: '0.3.5' } }, 'node_modules/marked': { version: '0.3.5' } } };
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock));
    const a = await engine.run({ files: [{ path: join(dir, 'package-lock.json'), name: 'package-lock.json' }] }, { vulnData: { kind: 'folder', path: `${OSV}/npm` } }, {});
    const t = a.target as unknown as ScaTarget;
    const marked = t.components.find((c) => c.name === 'marked')!;
    expect(marked.vulnerabilities.sort()).toEqual(['CVE-2016-10531', 'CVE-2017-1000427', 'CVE-2017-16114', 'CVE-2022-21680', 'CVE-2022-21681']);
    expect(marked.paths[0]).toEqual(['docs@1.0.0', 'marked@0.3.5']);
    expect(marked.fix).toBe('4.0.10');
    expect(t.vulnerabilities.find((v) => v.id === 'CVE-2016-10531')!.ids).toContain('GHSA-vfvf-mqq8-rwqc');
    expect(a.findings.find((f) => f.ruleId === 'sca.vulnerabilities.high')!.result).toBe('fail');
  });

  it('Maven: log4j-core 2.14.1 from a pom property has Log4Shell', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sca-ds-'));
    writeFileSync(join(dir, 'pom.xml'), '<project><groupId>g</groupId><artifactId>a</artifactId><version>1</version><properties><v>2.14.1</v></properties><dependencies><dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-core</artifactId><version>${v}</version></dependency></dependencies></project>');
    const a = await engine.run({ files: [{ path: join(dir, 'pom.xml'), name: 'pom.xml' }] }, { vulnData: { kind: 'folder', path: `${OSV}/Maven` } }, {});
    const t = a.target as unknown as ScaTarget;
    const log4j = t.components[0]!;
    expect(log4j.vulnerabilities).toContain('CVE-2021-44228');
    expect(t.vulnerabilities.find((v) => v.id === 'CVE-2021-44228')!.level).toBe('critical');
    expect(log4j.fix).toBeDefined();
  });
});
