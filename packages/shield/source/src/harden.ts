/**
 * harden() of the source type: read the zip → compile TypeScript → protect →
 * write → verify (entry points, bin, the test command) → zip. The result's
 * verification is ok only when every check passed; the output keeps the
 * zip's layout (its root folder and files outside the project untouched).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ShieldError, validateStrategy, type HardenContext, type HardenInput, type HardenResult, type StrategyValues, type VerificationCheck } from '@citadel/shield-core';
import { compileProject, hasTypeScript } from './compile.ts';
import { packageEntries } from './entries.ts';
import { projectZip, readProject, totalBytes, writeTree } from './project-io.ts';
import { isScript, isSourceMap, isVendor, protectProject, type ProtectOutcome } from './protect.ts';
import { SOURCE_SCHEMA } from './strategy.ts';
import { CHECKS, ERRORS } from './texts.ts';
import { verifyDynamic } from './verify.ts';

export async function hardenSource(input: HardenInput, given: StrategyValues, ctx: HardenContext): Promise<HardenResult> {
  // the portal stores validated values; a caller such as the CLI may pass a preset's partial values
  const checked = validateStrategy(SOURCE_SCHEMA, given);
  if (!checked.ok) throw new ShieldError('bad_strategy', ERRORS.badStrategy, checked.errors.join('; ').slice(0, 300));
  const s = checked.values;
  if (s.expiresAt && Date.parse(`${s.expiresAt}T23:59:59.999Z`) < Date.now()) throw new ShieldError('expired', ERRORS.expired, String(s.expiresAt));
  ctx.onStep?.('read', 5);
  const project = await readProject(input.path, input.name);
  const trees = { work: ctx.workDir, before: path.join(ctx.workDir, 'original'), after: path.join(ctx.workDir, 'protected') };
  await mkdir(path.join(ctx.workDir, 'home'), { recursive: true });
  await writeTree(trees.before, project.files);

  const t0 = performance.now();
  const compiled = new Map(project.files);
  let sources: string[] = [];
  let typeErrors = 0;
  if (hasTypeScript(project.files.keys())) {
    ctx.onStep?.('compile', 10);
    const c = compileProject(trees.before, [...project.files.keys()]);
    const emitted = new Map([...c.emitted].map(([p, text]) => [p, Buffer.from(text, 'utf8')]));
    for (const [p, b] of emitted) compiled.set(p, b);
    // the original build runs with what the compiler wrote, so that only the protection is compared
    await writeTree(trees.before, emitted);
    sources = c.sources;
    typeErrors = c.typeErrors;
  }
  ctx.onStep?.('protect', 20);
  const outcome = protectProject(compiled, sources, s);
  const protectMs = performance.now() - t0;
  const compileStep = outcome.applied.find((a) => a.id === 'compile');
  if (compileStep && typeErrors) compileStep.detail += `, ${typeErrors} compiler errors did not stop the emit (as tsc without noEmitOnError)`;
  await writeTree(trees.after, outcome.files);

  ctx.onStep?.('verify', 40);
  const { entries, patterns } = packageEntries(compiled);
  const dynamic = await verifyDynamic(trees, entries, patterns, s, ctx.signal);
  const checks = [...staticChecks(compiled, outcome, sources), ...dynamic.checks];

  ctx.onStep?.('package', 95);
  const out = { ...project, files: outcome.files };
  const bytes = projectZip(out);
  const base = path.basename(input.name).replace(/\.zip$/i, '').replace(/[^\w.-]+/g, '_') || 'source';
  const outputName = `${base}-protected.zip`;
  const outputPath = path.join(ctx.workDir, outputName);
  await writeFile(outputPath, bytes);
  ctx.onStep?.('done', 100);
  const ownBytes = (files: Map<string, Buffer>) => totalBytes(new Map([...files].filter(([p]) => !isVendor(p) && isScript(p))));
  return {
    outputPath,
    outputName,
    applied: outcome.applied,
    verification: { ok: checks.every((c) => c.ok), checks, ...(dynamic.unverified.length ? { unverified: dynamic.unverified } : {}) },
    metrics: {
      inputBytes: totalBytes(project.files),
      outputBytes: totalBytes(outcome.files),
      outputFileBytes: bytes.length,
      scriptBytesBefore: ownBytes(compiled),
      scriptBytesAfter: ownBytes(outcome.files),
      scriptFiles: outcome.protectedFiles.length,
      compiledFiles: sources.length,
      entryPoints: entries.length,
      protectMs: Math.round(protectMs),
      loadMsBefore: Math.round(dynamic.loadMsBefore),
      loadMsAfter: Math.round(dynamic.loadMsAfter),
      ...(dynamic.testMsBefore !== undefined ? { testMsBefore: Math.round(dynamic.testMsBefore), testMsAfter: Math.round(dynamic.testMsAfter!) } : {}),
    },
  };
}

function staticChecks(compiled: Map<string, Buffer>, o: ProtectOutcome, sources: string[]): VerificationCheck[] {
  const own = [...o.files.keys()].filter((p) => !isVendor(p));
  const maps = own.filter(isSourceMap);
  const refs = own.filter((p) => isScript(p) && /\/\/[#@]\s*sourceMappingURL=/.test(o.files.get(p)!.toString('latin1')));
  const leftTs = sources.filter((p) => o.files.has(p));
  const unchanged = o.protectedFiles.filter((p) => compiled.get(p)?.equals(o.files.get(p)!));
  return [
    { id: 'source-maps', title: CHECKS.noSourceMaps, ok: maps.length + refs.length === 0, detail: [...maps, ...refs].slice(0, 5).join(', ') || 'none' },
    { id: 'typescript-removed', title: CHECKS.noTypeScript, ok: leftTs.length === 0, detail: leftTs.length ? leftTs.slice(0, 5).join(', ') : `${sources.length} compiled sources removed` },
    { id: 'scripts-changed', title: CHECKS.scriptsChanged, ok: unchanged.length === 0 && o.protectedFiles.length > 0, detail: unchanged.length ? `unchanged: ${unchanged.slice(0, 5).join(', ')}` : `${o.protectedFiles.length} files` },
  ];
}
