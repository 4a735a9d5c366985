/**
 * The H5 protection pipeline on a package in memory: source maps removed,
 * every script (external files and inline <script> blocks) obfuscated by
 * strategy with the names the pages and other scripts use kept, the expiry
 * guard and domain lock woven in, Subresource Integrity written for local
 * scripts, HTML (and CSS when asked) minified. Pure: no browser, no disk.
 */
import { createHash, randomInt } from 'node:crypto';
import CleanCSS from 'clean-css';
import { minify } from 'html-minifier-terser';
import { isExcluded, parsesOnlyAsModule, selfDefendingDetail, valuesForScript, type AppliedProtection, type StrategyValues } from '@citadel/shield-core';
import { reservedPerScript } from './globals.ts';
import { attr, findScripts, handlerCode, localPath, setAttr, stripSourceMapComments, words } from './html.ts';
import { obfuscateScript } from './obfuscate.ts';
import { isHtml, isScript, isSourceMap, type WebPackage } from './package-io.ts';
import { APPLIED } from './texts.ts';

export interface ProtectOutcome {
  pkg: WebPackage;
  applied: AppliedProtection[];
  /** package paths of protected external scripts */
  protectedFiles: string[];
  inlineScripts: number;
  removedSourceMaps: number;
  /** the obfuscation seed of the first script (script i used seed + i) */
  seed: number;
}


interface Job {
  code: string;
  module: boolean;
  file?: string;
  page?: string;
  tag?: number;
}

const sri = (b: Buffer) => `sha384-${createHash('sha384').update(b).digest('base64')}`;

/**
 * `seed` makes a run reproducible: script i is obfuscated with seed + i. The
 * obfuscator's output (and some of its bugs) depend on the seed, so a job
 * names the seed it used (the "obfuscate" detail) for a failure to be replayed.
 */
export async function protectPackage(input: WebPackage, s: StrategyValues, seed = randomInt(1, 2 ** 30)): Promise<ProtectOutcome> {
  const files = new Map(input.files);
  const exclude = (s.exclude as string[]) ?? [];
  let removedSourceMaps = 0;
  for (const p of [...files.keys()]) {
    if (isSourceMap(p)) {
      files.delete(p);
      removedSourceMaps++;
    }
  }
  const pages = [...files.keys()].filter(isHtml);
  const moduleFiles = new Set<string>();
  const classicFiles = new Set<string>();
  const handlerWords = new Set<string>();
  const pageTags = new Map(pages.map((p) => [p, findScripts(files.get(p)!.toString('utf8'))]));
  for (const [p, tags] of pageTags) {
    for (const w of handlerCode(files.get(p)!.toString('utf8')).flatMap((c) => [...words(c)])) handlerWords.add(w);
    for (const t of tags) {
      const local = t.src !== undefined ? localPath(p, t.src) : undefined;
      if (local && t.kind === 'module') moduleFiles.add(local);
      else if (local && t.kind === 'classic') classicFiles.add(local);
    }
  }

  const jobs: Job[] = [];
  for (const [p, data] of files) {
    if (!isScript(p) || isExcluded(p, exclude)) continue;
    const code = stripSourceMapComments(data.toString('utf8'));
    // a script no page loads directly (a chunk another module imports) is a module when it only parses as one
    const module = moduleFiles.has(p) || p.endsWith('.mjs') || (!classicFiles.has(p) && parsesOnlyAsModule(code));
    jobs.push({ code, module, file: p });
  }
  for (const [p, tags] of pageTags) {
    if (isExcluded(p, exclude)) continue;
    tags.forEach((t, i) => {
      if (t.kind === 'data' || t.src !== undefined || !t.body.trim()) return;
      jobs.push({ code: stripSourceMapComments(t.body), module: t.kind === 'module', page: p, tag: i });
    });
  }

  const reserved = reservedPerScript(jobs, handlerWords);
  const inlineOut = new Map<string, Map<number, string>>();
  const protectedFiles: string[] = [];
  const selfDefendingDropped: string[] = [];
  jobs.forEach((j, i) => {
    const label = j.file ?? `${j.page} <script #${(j.tag ?? 0) + 1}>`;
    const { values, selfDefendingDropped: dropped } = valuesForScript(s, j.code);
    if (dropped) selfDefendingDropped.push(label);
    const out = obfuscateScript({ label, code: j.code, module: j.module, reserved: reserved[i]! }, values, seed + i);
    if (j.file) {
      files.set(j.file, Buffer.from(out, 'utf8'));
      protectedFiles.push(j.file);
    } else {
      const m = inlineOut.get(j.page!) ?? new Map<number, string>();
      m.set(j.tag!, out);
      inlineOut.set(j.page!, m);
    }
  });

  // CSS first: script hashes do not depend on it, pages refer to it by name only
  if (s.minifyCss) {
    const css = new CleanCSS({ level: 1, inline: false, rebase: false });
    for (const [p, data] of files) {
      if (!/\.css$/i.test(p) || isExcluded(p, exclude)) continue;
      const r = css.minify(stripSourceMapComments(data.toString('utf8')));
      if (!r.errors.length) files.set(p, Buffer.from(r.styles, 'utf8'));
    }
  } else {
    for (const [p, data] of files) if (/\.css$/i.test(p) && /sourceMappingURL/.test(data.toString('latin1'))) files.set(p, Buffer.from(stripSourceMapComments(data.toString('utf8')), 'utf8'));
  }

  const protectedSet = new Set(protectedFiles);
  let inlineScripts = 0;
  for (const [p, tags] of pageTags) {
    const html = files.get(p)!.toString('utf8');
    const replaced = inlineOut.get(p);
    let out = '';
    let at = 0;
    tags.forEach((t, i) => {
      const local = t.src !== undefined ? localPath(p, t.src) : undefined;
      let attrs = t.attrs;
      // a changed file invalidates any integrity the page had for it; a new one is written when asked
      if (local && files.has(local) && (s.integrity || (protectedSet.has(local) && attr(attrs, 'integrity') !== undefined))) attrs = setAttr(attrs, 'integrity', sri(files.get(local)!));
      const body = replaced?.get(i);
      if (body !== undefined) inlineScripts++;
      if (body === undefined && attrs === t.attrs) return;
      out += html.slice(at, t.start) + `<script${attrs}>${body ?? t.body}</script>`;
      at = t.end;
    });
    let page = out + html.slice(at);
    if (s.minifyHtml) page = await minifyHtml(page, Boolean(s.minifyCss));
    files.set(p, Buffer.from(page, 'utf8'));
  }

  const applied: AppliedProtection[] = [];
  const n = protectedFiles.length;
  const scope = `${n} files, ${inlineScripts} inline scripts, seed ${seed}`;
  const add = (id: keyof typeof APPLIED, detail?: string) => applied.push({ id, title: APPLIED[id], ...(detail ? { detail } : {}) });
  if (n + inlineScripts > 0) {
    add('obfuscate', scope);
    if (s.renameGlobals) add('renameGlobals');
    if (s.stringArray) add('stringArray', `${s.stringArrayEncoding}, ${s.stringArrayThreshold}`);
    if ((s.controlFlowFlattening as number) > 0) add('controlFlowFlattening', String(s.controlFlowFlattening));
    if ((s.deadCodeInjection as number) > 0) add('deadCodeInjection', String(s.deadCodeInjection));
    if (s.numbersToExpressions) add('numbersToExpressions');
    if (s.splitStrings) add('splitStrings');
    if (s.selfDefending) add('selfDefending', selfDefendingDetail(selfDefendingDropped));
    if (s.debugProtection) add('debugProtection');
    if (s.disableConsoleOutput) add('disableConsoleOutput');
    if ((s.domainLock as string[]).length) add('domainLock', (s.domainLock as string[]).join(', '));
    if (s.expiresAt) add('expiresAt', String(s.expiresAt));
  }
  if (s.integrity && n > 0) add('integrity', `${n} files`);
  if (s.minifyHtml) add('minifyHtml', `${pages.length} pages`);
  if (s.minifyCss) add('minifyCss');
  add('sourceMaps', `${removedSourceMaps} files`);
  return { pkg: { kind: input.kind, files }, applied, protectedFiles, inlineScripts, removedSourceMaps, seed };
}

/**
 * HTML minified conservatively: comments removed, whitespace collapsed but
 * never removed between inline elements (the page text stays the same);
 * scripts are left as the obfuscator wrote them (re-minifying would trip
 * self-defending).
 */
async function minifyHtml(html: string, css: boolean): Promise<string> {
  try {
    return await minify(html, {
      collapseWhitespace: true,
      conservativeCollapse: true,
      removeComments: true,
      minifyJS: false,
      minifyCSS: css,
      keepClosingSlash: true,
      caseSensitive: true,
    });
  } catch {
    // markup the minifier cannot parse is shipped as it was (minifying is cosmetic, not a protection)
    return html;
  }
}
