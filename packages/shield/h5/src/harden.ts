/**
 * harden() of the H5 type: read → protect → write → verify in Chromium. The
 * result's verification is ok only when every page behaves as the original
 * and every lock the strategy asked for is proven to stop the page.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ShieldError, type HardenContext, type HardenInput, type HardenResult, type StrategyValues, type VerificationCheck } from '@citadel/shield-core';
import { localPath, findScripts } from './html.ts';
import { isSourceMap, packageBytes, readPackage, totalBytes, type WebPackage } from './package-io.ts';
import { protectPackage } from './protect.ts';
import { CHECKS } from './texts.ts';
import { behavesAs, compare, entryPages, hostFor, launch, snapshot } from './verify.ts';

const L = (zh: string, en: string, tw: string, ja: string) => ({ 'zh-CN': zh, en, 'zh-TW': tw, ja });
const EXPIRED = L('到期日期已过，加固后的页面将无法运行', 'The expiry date has passed: the protected page would not run', '到期日期已過，加固後的頁面將無法執行', '有効期限が過ぎているため、保護後のページは動作しません');

/** step limit in the lock checks (the page was just shown to work with the same steps on the allowed host) */
const LOCK_STEP_MS = 3000;

export interface H5Options {
  /** page load timeout per page (ms) */
  timeoutMs?: number;
  /** obfuscation seed (replays a run; random when absent) */
  seed?: number;
}

export async function hardenH5(input: HardenInput, strategy: StrategyValues, ctx: HardenContext, opts: H5Options = {}): Promise<HardenResult> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  if (strategy.expiresAt && Date.parse(`${strategy.expiresAt}T23:59:59.999Z`) < Date.now()) throw new ShieldError('expired', EXPIRED, String(strategy.expiresAt));
  ctx.onStep?.('read', 5);
  const original = await readPackage(input.path, input.name);
  ctx.onStep?.('protect', 15);
  const t0 = performance.now();
  const result = await protectPackage(original, strategy, opts.seed);
  const protectMs = performance.now() - t0;
  const bytes = packageBytes(result.pkg);
  const base = path.basename(input.name).replace(/\.(zip|html?)$/i, '').replace(/[^\w.-]+/g, '_') || 'h5';
  const outputName = `${base}-protected.${original.kind === 'html' ? 'html' : 'zip'}`;
  const outputPath = path.join(ctx.workDir, outputName);
  await writeFile(outputPath, bytes);
  ctx.onStep?.('verify', 50);
  const v = await verifyPackages(original, result.pkg, strategy, result.protectedFiles, timeoutMs, ctx.signal);
  ctx.onStep?.('done', 100);
  return {
    outputPath,
    outputName,
    applied: result.applied,
    verification: { ok: v.checks.every((c) => c.ok), checks: v.checks },
    metrics: {
      inputBytes: totalBytes(original),
      outputBytes: totalBytes(result.pkg),
      outputFileBytes: bytes.length,
      scriptFiles: result.protectedFiles.length,
      inlineScripts: result.inlineScripts,
      protectMs: Math.round(protectMs),
      loadMsBefore: Math.round(v.loadBefore),
      loadMsAfter: Math.round(v.loadAfter),
    },
  };
}

export async function verifyPackages(
  original: WebPackage,
  protectedPkg: WebPackage,
  s: StrategyValues,
  protectedFiles: string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ checks: VerificationCheck[]; loadBefore: number; loadAfter: number }> {
  const checks: VerificationCheck[] = [];
  const maps = [...protectedPkg.files.keys()].filter(isSourceMap);
  const mapRefs = [...protectedPkg.files].filter(([p, b]) => /\.(m?js|cjs|css)$/i.test(p) && /[#@]\s*sourceMappingURL=/.test(b.toString('latin1'))).map(([p]) => p);
  checks.push({ id: 'source-maps', title: CHECKS.noSourceMaps, ok: maps.length === 0 && mapRefs.length === 0, detail: [...maps, ...mapRefs].slice(0, 5).join(', ') || 'none' });
  const unchanged = protectedFiles.filter((p) => original.files.get(p)?.equals(protectedPkg.files.get(p)!));
  checks.push({ id: 'scripts-changed', title: CHECKS.scriptsChanged, ok: unchanged.length === 0, detail: unchanged.length ? `unchanged: ${unchanged.slice(0, 5).join(', ')}` : `${protectedFiles.length} files` });

  const browser = await launch();
  const stop = () => void browser.close().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  const host = hostFor(s);
  const interactions = (s.interactions as string[]) ?? [];
  const consoleCompared = !s.disableConsoleOutput;
  let loadBefore = 0;
  let loadAfter = 0;
  try {
    const pages = entryPages(original);
    const first = pages[0]!;
    let firstBefore;
    for (const page of pages) {
      if (signal?.aborted) break;
      // the user's steps belong to the entry page; other pages are compared as loaded
      const steps = page === first ? interactions : [];
      const before = await snapshot(browser, original, page, { host, interactions: steps, timeoutMs });
      const after = await snapshot(browser, protectedPkg, page, { host, interactions: steps, timeoutMs, settleTo: before });
      if (page === first) firstBefore = before;
      loadBefore += before.loadMs;
      loadAfter += after.loadMs;
      checks.push(...compare(page, before, after, consoleCompared));
    }
    if (firstBefore && (s.domainLock as string[]).length) {
      // a lock check expects the page to be stopped: a step that finds nothing to act on need not wait long
      const away = await snapshot(browser, protectedPkg, first, { host: 'not-allowed.invalid', interactions, timeoutMs, stepTimeoutMs: LOCK_STEP_MS });
      const stopped = !behavesAs(firstBefore, away);
      checks.push({ id: 'domain-lock', title: CHECKS.domainLock, ok: stopped, detail: `${first} on not-allowed.invalid: ${stopped ? `stopped (${away.finalUrl || 'no page'})` : 'still runs'}` });
    }
    if (firstBefore && s.expiresAt) {
      const later = Date.parse(`${s.expiresAt}T23:59:59.999Z`) + 2 * 86_400_000;
      const expired = await snapshot(browser, protectedPkg, first, { host, interactions, timeoutMs, clockAt: later, stepTimeoutMs: LOCK_STEP_MS });
      const stopped = !behavesAs(firstBefore, expired);
      checks.push({ id: 'expiry-lock', title: CHECKS.expiry, ok: stopped, detail: `${first} at ${new Date(later).toISOString().slice(0, 10)}: ${stopped ? 'stopped' : 'still runs'}` });
    }
    const target = s.integrity ? tamperTarget(protectedPkg, first) : undefined;
    if (firstBefore && target) {
      const files = new Map(protectedPkg.files);
      files.set(target, Buffer.concat([files.get(target)!, Buffer.from('\n;window.__tampered=1;')]));
      const tampered = await snapshot(browser, { kind: protectedPkg.kind, files }, first, { host, interactions, timeoutMs });
      const refused = tampered.consoleErrors.some((e) => /integrity/i.test(e));
      checks.push({ id: 'integrity', title: CHECKS.integrity, ok: refused, detail: `${target} changed by one statement: ${refused ? 'refused by the browser' : 'still executed'}` });
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    await browser.close().catch(() => undefined);
  }
  return { checks, loadBefore, loadAfter };
}

/** A local script of the entry page that carries an integrity attribute. */
function tamperTarget(pkg: WebPackage, page: string): string | undefined {
  const html = pkg.files.get(page)?.toString('utf8') ?? '';
  for (const t of findScripts(html)) {
    if (t.src === undefined || !/integrity\s*=/.test(t.attrs)) continue;
    const local = localPath(page, t.src);
    if (local && pkg.files.has(local)) return local;
  }
  return undefined;
}
