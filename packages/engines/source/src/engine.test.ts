import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildZip, deflateBomb, engineConformanceProblems, missingTranslations, sarifProblems, toSarif } from '@citadel/engine-core';
import { buildTar } from '@citadel/engine-core/testing';
import { describe, expect, it } from 'vitest';
import { SOURCE_CATALOGUE, SourceEngine, engine } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'src-engine-'));
const run = (path: string, name: string, e = engine) => e.run({ files: [{ path, name }] }, {}, {});
const failed = (a: Awaited<ReturnType<typeof run>>) => a.findings.filter((f) => f.result === 'fail').map((f) => f.ruleId);

const VULN_JAVA = 'class T { void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {\n String p = request.getParameter("id");\n statement.executeQuery("SELECT " + p);\n} }\n';

const tarOf = (files: { name: string; data: string }[]): Buffer => buildTar(files);

describe('source engine', () => {
  it('conforms to the engine contract; titles in four languages', () => {
    expect(engineConformanceProblems(engine)).toEqual([]);
    expect(missingTranslations(SOURCE_CATALOGUE.items).filter((m) => m.field === 'title')).toEqual([]);
    expect(engine.accepts('p.zip', Uint8Array.from([0x50, 0x4b, 3, 4]))).toBe('source');
    expect(engine.accepts('p.tar.gz', new Uint8Array(0))).toBe('source');
    expect(engine.accepts('a.apk', Uint8Array.from([0x50, 0x4b, 3, 4]))).toBeUndefined();
  });

  it('assesses a folder: languages, lines, skipped vendored folders, findings with snippet and path; SARIF validates', async () => {
    const root = join(dir, 'proj');
    mkdirSync(join(root, 'src'), { recursive: true });
    mkdirSync(join(root, 'node_modules/x'), { recursive: true });
    mkdirSync(join(root, 'app/src/main'), { recursive: true });
    writeFileSync(join(root, 'src/T.java'), VULN_JAVA);
    writeFileSync(join(root, 'src/a.js'), 'const x = 1;\nconsole.log(x);\n');
    writeFileSync(join(root, 'node_modules/x/bad.js'), 'eval(req.query.a)');
    writeFileSync(join(root, 'app/src/main/AndroidManifest.xml'), '<manifest><application android:debuggable="true"><service android:name=".S" android:exported="true"/></application></manifest>');
    const a = await run(root, 'proj');
    expect(a.target.totalLines).toBe(4 + 2 + 1);
    expect(a.target.linesPerLanguage).toMatchObject({ Java: 4, JavaScript: 2 });
    expect(a.target.skippedFolders).toEqual([{ folder: 'node_modules', files: 0 }]);
    expect(failed(a)).toEqual(expect.arrayContaining(['source.injection.sql', 'source.android.debuggable', 'source.android.exported_component']));
    expect(failed(a)).not.toContain('source.injection.code');
    const sql = a.findings.find((f) => f.ruleId === 'source.injection.sql')!;
    expect(sql.evidence[0]).toMatchObject({ file: 'src/T.java', line: 3 });
    expect(sql.evidence[0]!.snippet).toContain('⟦statement.executeQuery("SELECT " + p)⟧');
    expect(sql.evidence[0]!.detail).toContain('1. L2 source');
    expect(a.score.score).toBeLessThan(100);
    expect(sarifProblems(toSarif({ assessment: a, catalogue: SOURCE_CATALOGUE }))).toEqual([]);
  });

  it('reads zip and tar.gz uploads; skips unsafe names, huge files and bombs with a note', async () => {
    const zipPath = join(dir, 'p.zip');
    writeFileSync(zipPath, buildZip([
      { name: 'src/T.java', data: VULN_JAVA },
      { name: '../evil/E.java', data: VULN_JAVA },
      { name: 'big/B.js', data: 'x'.repeat(3 * 1024 * 1024) },
      { name: 'bomb/Z.js', rawData: deflateBomb(8), method: 'deflate' },
    ]));
    const small = new SourceEngine({ maxFileBytes: 2 * 1024 * 1024, maxFiles: 1000, archive: { maxCompressionRatio: 50, ratioGraceBytes: 1024 * 1024 } });
    const a = await run(zipPath, 'p.zip', small);
    expect(failed(a)).toContain('source.injection.sql');
    const reasons = a.unreadable.map((u) => `${u.file}: ${u.reason}`).join('\n');
    expect(reasons).toMatch(/\.\.\/evil\/E\.java: unsafe entry name/);
    expect(reasons).toMatch(/big\/B\.js: file of \d+ bytes is larger/);
    expect(reasons).toMatch(/bomb\/Z\.js/);
    expect(a.findings.find((f) => f.ruleId === 'source.injection.sql')!.evidence).toHaveLength(1);

    const tgz = join(dir, 'p.tar.gz');
    writeFileSync(tgz, gzipSync(tarOf([{ name: 'p/T.java', data: VULN_JAVA }, { name: '../x/T.java', data: VULN_JAVA }])));
    const t = await run(tgz, 'p.tar.gz');
    expect(failed(t)).toContain('source.injection.sql');
    expect(t.unreadable.some((u) => /unsafe entry name/.test(u.reason))).toBe(true);
  });

  it('rejects what is not source', async () => {
    const p = join(dir, 'x.bin');
    writeFileSync(p, Buffer.from([1, 2, 3, 4]));
    await expect(run(p, 'x.bin')).rejects.toMatchObject({ code: 'unsupported_format' });
  });
});
