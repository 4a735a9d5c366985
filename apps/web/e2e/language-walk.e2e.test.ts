/**
 * Issue 19 in a real browser: one language at a time. Real assessments of an
 * Android, iOS, HarmonyOS, web and source target (the engines run in-process
 * on the small corpus samples, a local test site and a source archive built
 * here) are stored as finished tasks; then, signed in in zh and in en, each
 * result page is opened with its first findings expanded, and the page's own
 * words (labels, headers, tags, rule texts — not evidence, which quotes code
 * and paths verbatim) must hold no untranslated key and no label of the other
 * language. Skipped when Chromium or the corpus is absent.
 */
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Assessment, Platform } from '@citadel/contracts';
import { loadEngines } from '@citadel/cli';
import { buildZip } from '@citadel/engine-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedTask } from '../../server/src/domain/reports/test-fixtures.ts';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { startTestSite, type TestSite } from '../../../packages/engines/web/src/testing/test-site.ts';
import { resultPath } from '../src/components/task-table/evaluation-routes.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

const corpus = (p: string) => fileURLToPath(new URL(`../../../../shared/corpus/${p}`, import.meta.url));
const SAMPLES = { android: corpus('android/uncrackable-level1.apk'), ios: corpus('ios/undebuggable.ipa'), harmony_next: corpus('harmony/helloworld-stage.hap') };
const haveCorpus = Object.values(SAMPLES).every(existsSync);

/** A small source project with real problems (weak hash, SQL built from a request, a hard-coded password). */
function sourceArchive(dir: string): string {
  const file = path.join(dir, 'shop-src.zip');
  writeFileSync(
    file,
    buildZip([
      {
        name: 'shop/src/main/java/com/shop/Login.java',
        data: `package com.shop;\nimport java.security.MessageDigest;\nimport javax.servlet.http.*;\nclass Login extends HttpServlet {\n  private static final String PASSWORD = "Sup3rS3cret!2024";\n  void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {\n    String p = request.getParameter("id");\n    String sql = "SELECT * FROM users WHERE id='" + p + "'";\n    statement.executeQuery(sql);\n    MessageDigest md = MessageDigest.getInstance("MD5");\n  }\n}\n`,
      },
      { name: 'shop/web/app.js', data: 'const express = require("express");\nconst app = express();\napp.get("/r", (req, res) => { res.redirect(req.query.next); });\napp.get("/e", (req, res) => { res.json(eval(req.query.x)); });\n' },
    ]),
  );
  return file;
}

/** Raw keys and the other language in the page's own words (evidence tables, code blocks and target values left out). */
async function pageProblems(page: Page, lang: 'zh' | 'en'): Promise<{ problems: string[]; labels: number }> {
  const { all, labels } = await page.getByTestId('result-page').evaluate((root) => {
    const clone = root.cloneNode(true) as HTMLElement;
    // Evidence quotes the target (paths, classes, code, requests) verbatim, and target values are data: not the page's words.
    for (const el of clone.querySelectorAll('.ant-table, pre, code, .citadel-code, .citadel-result-target__value')) el.remove();
    const texts = (el: Element) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) out.push(n.textContent.trim());
      return out;
    };
    // Labels: what the page names things with (target labels, category headers, tags, buttons, section labels, counts).
    const LABELS = ['.citadel-result-target__label', '[data-testid^=result-category-] > :first-child', '.ant-tag', 'button', '.citadel-finding__section > div:first-child', '.ant-collapse-header', '[data-testid=result-counts]', '.ant-alert-message', '.ant-segmented', '.ant-select-selection-item', '.ant-radio-button-wrapper'];
    return { all: texts(clone), labels: [...clone.querySelectorAll(LABELS.join(','))].flatMap(texts) };
  });
  const problems: string[] = [];
  // i18n keys that fell through (result.target.xyz, evaluation.field.abc), anywhere.
  for (const line of all) for (const m of line.matchAll(/(?<![\w/.-])(?:result|common|evaluation|system|tasks|report|templates|dash|downloads|versions|builtin|header)\.[A-Za-z_]+(?:\.[A-Za-z_]+)*(?![\w/-])/g)) problems.push(`key: ${m[0]}`);
  // Raw field keys (camelCase or snake_case) as labels; the SPEC's names are allowed.
  const allowed = new Set(['targetSdkVersion', 'minSdkVersion']);
  for (const label of labels) for (const m of label.matchAll(/(?<![\w./:-])([a-z]+(?:[A-Z][a-z0-9]+)+|[a-z]+(?:_[a-z0-9]+)+)(?![\w/(.:-])/g)) if (!allowed.has(m[1]!)) problems.push(`raw key: ${m[1]}`);
  if (lang === 'en') {
    // Nothing Chinese in an English page, rule texts included.
    for (const line of all) if (/[\u4e00-\u9fff]/.test(line)) problems.push(`Chinese in en: ${line.slice(0, 80)}`);
  } else {
    // An English label in a Chinese page ("Not Before", "Digest Algorithm", "Is Debug"): two or more English words.
    for (const label of labels) if (!/[\u4e00-\u9fff]/.test(label) && /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(label)) problems.push(`English in zh: ${label.slice(0, 80)}`);
  }
  return { problems: [...new Set(problems)], labels: labels.length };
}

describe.skipIf(!chromiumAvailable || !haveCorpus)('one language at a time on the result pages', () => {
  let portal: Portal;
  let site: TestSite;
  const tasks: { platform: Platform; uid: string }[] = [];

  beforeAll(async () => {
    const t0 = Date.now();
    portal = await startPortal();
    console.log(`portal started in ${Date.now() - t0} ms`);
    site = await startTestSite('vulnerable');
    const { registry } = await loadEngines();
    const run = async (platform: Platform, file: string | undefined, params: Record<string, string> = {}, url?: string): Promise<Assessment> => {
      const engine = registry.list().find((e) => e.platforms.includes(platform));
      if (!engine) throw new Error(`no engine for ${platform}`);
      const files = file ? [{ path: file, name: path.basename(file), size: statSync(file).size }] : [];
      return engine.run({ files, ...(url ? { url } : {}) }, { platform, params }, {});
    };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'citadel-walk-'));
    const started = Date.now();
    const assessments = await Promise.all([
      run('android', SAMPLES.android),
      run('ios', SAMPLES.ios),
      run('harmony_next', SAMPLES.harmony_next),
      // Passive checks only, a few pages: the point is the page's words, not the scan.
      run('web', undefined, { allowNetworks: '127.0.0.1', rate: '0', maxPages: '4', maxDepth: '1', requestTimeoutMs: '8000' }, site.url),
      run('source', sourceArchive(dir)),
    ]);
    console.log(`engines ran in ${Date.now() - started} ms`);
    const adminId = (await portal.app.services.users.findByName('admin'))!.id;
    for (const a of assessments) tasks.push({ platform: a.platform, uid: await finishedTask(portal.app, adminId, a) });
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await portal?.stop();
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`in ${lang}: no raw key and no ${lang === 'zh' ? 'English' : 'Chinese'} label on any result page`, async () => {
      const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      const page = await context.newPage();
      await page.addInitScript((l) => window.localStorage.setItem('lang', l), lang);
      await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
      await page.getByTestId('main-layout').waitFor({ timeout: 30_000 });
      // The chrome too: the site title in the reader's language.
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(lang === 'zh' ? '安全服务门户' : 'Security Service Portal');
      const found: Record<string, string[]> = {};
      for (const { platform, uid } of tasks) {
        await page.goto(`${portal.url}#${resultPath(platform, uid)}`);
        try {
          await page.locator('[data-testid=result-findings] [data-testid^=finding-]').first().waitFor({ timeout: 30_000 });
        } catch {
          found[platform] = [`no findings rendered: ${(await page.locator('body').innerText()).slice(0, 300)}`];
          continue;
        }
        // The first two findings of the page opened: their purpose, description and solution are read too.
        const headers = page.locator('.citadel-finding [role=button]');
        for (let i = 0; i < Math.min(2, await headers.count()); i++) await headers.nth(i).click();
        const { problems, labels } = await pageProblems(page, lang);
        // The check reads real pages: the target labels and the findings' section labels are there.
        expect(labels, platform).toBeGreaterThan(10);
        if (problems.length > 0) found[platform] = problems;
      }
      if (Object.keys(found).length > 0) console.log(JSON.stringify(found, null, 1));
      expect(found).toEqual({});
      await context.close();
    }, 120_000);
  }
});
