/**
 * Unrestricted file upload: each form with a file input gets a small server
 * script (PHP, or JSP/ASP.NET when the site shows that technology) whose only
 * effect is to print a product of two random numbers. The part claims to be
 * an image (image/png), the usual way past type checks. The upload counts
 * when a copy of it, found where the answer says it went (or in a few usual
 * upload folders), prints the product: the server ran the uploaded code.
 * The harmless script stays on the server (there is no way to delete it);
 * the evidence names it so it can be removed.
 */
import type { CrawlResult } from '../../crawl/crawler.ts';
import type { HtmlForm } from '../../crawl/html.ts';
import { webEvidence } from '../evidence.ts';
import { type ActiveContext, defaultValue, eachConcurrently, marker, send } from './points.ts';

interface ScriptKind {
  ext: string;
  /** Evidence the site runs this technology (headers, cookies, URLs). */
  hint: RegExp;
  source: (x: number, y: number) => string;
}

export const UPLOAD_SCRIPTS: readonly ScriptKind[] = [
  { ext: 'php', hint: /php/i, source: (x, y) => `GIF89a\n<?php echo 'ctd'.(${x}*${y}).'ok'; ?>\n` },
  { ext: 'jsp', hint: /jsessionid|\.jsp\b|servlet|tomcat|jetty/i, source: (x, y) => `<%= "ctd" + (${x}*${y}) + "ok" %>\n` },
  { ext: 'aspx', hint: /asp\.net|\.aspx\b/i, source: (x, y) => `<%@ Page Language="C#" %><%= "ctd" + (${x}*${y}) + "ok" %>\n` },
];
const UPLOAD_DIRS = ['uploads/', 'upload/', 'files/', 'images/', 'media/'];
const MAX_FORMS = 10;

/** The script kinds the crawled site hints at; PHP when nothing does. */
export function scriptKinds(crawl: CrawlResult): ScriptKind[] {
  const seen = crawl.pages
    .slice(0, 50)
    .map((p) => [p.url, p.response.headers['x-powered-by'] ?? '', p.response.headers.server ?? '', ...p.response.setCookies.map((c) => c.split('=')[0])].join(' '))
    .join('\n');
  const hinted = UPLOAD_SCRIPTS.filter((k) => k.hint.test(seen));
  return hinted.length ? hinted : [UPLOAD_SCRIPTS[0]!];
}

function multipart(form: HtmlForm, fileField: string, filename: string, content: string): { body: string; contentType: string } {
  const boundary = `----CitadelBoundary${marker('')}`;
  const parts = form.fields.map((f) => `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"\r\n\r\n${f.value || defaultValue(f.type, f.name)}\r\n`);
  for (const name of form.fileFields ?? []) {
    const file = name === fileField ? { filename, type: 'image/png', content } : { filename: '', type: 'application/octet-stream', content: '' };
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n`);
  }
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Where the upload may be served: paths in the answer that end in the file name, then usual folders. */
export function uploadCandidates(answerText: string, answerUrl: string, filename: string, origin: string): string[] {
  const out = new Set<string>();
  const esc = filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const m of answerText.matchAll(new RegExp(`[\\w./~%:-]*${esc}`, 'g'))) {
    try {
      out.add(new URL(m[0], answerUrl).href);
    } catch {
      /* not a URL */
    }
    if (out.size >= 4) break;
  }
  for (const d of UPLOAD_DIRS) out.add(new URL(`/${d}${filename}`, origin).href);
  return [...out].filter((u) => new URL(u).origin === origin).slice(0, 8);
}

export async function fileUpload(ctx: ActiveContext): Promise<void> {
  const forms = ctx.crawl.forms.filter((f) => f.method === 'POST' && (f.fileFields?.length ?? 0) > 0 && ctx.scope.admit(f.action)).slice(0, MAX_FORMS);
  const kinds = scriptKinds(ctx.crawl);
  await eachConcurrently(ctx, forms, async (form, ctx) => {
    for (const fileField of form.fileFields ?? []) {
      for (const kind of kinds) {
        const x = 100 + Math.floor(Math.random() * 800);
        const y = 100 + Math.floor(Math.random() * 800);
        const expected = `ctd${x * y}ok`;
        const filename = `${marker('ctd')}.${kind.ext}`;
        const { body, contentType } = multipart(form, fileField, filename, kind.source(x, y));
        const up = await send(ctx, { method: 'POST', url: form.action, body, headers: { 'Content-Type': contentType } });
        if (!up || up.status >= 400) continue;
        for (const url of uploadCandidates(up.text, up.url, filename, ctx.target.origin)) {
          const r = await send(ctx, { url, followRedirects: false });
          if (!r || r.status !== 200 || !r.text.includes(expected) || r.text.includes(`${x}*${y}`)) continue;
          ctx.b.finding(
            'web.injection.file_upload',
            webEvidence(r, {
              parameter: fileField,
              match: expected,
              detail: `${filename} (a ${kind.ext.toUpperCase()} script sent as image/png) uploaded through "${fileField}" at ${form.action} runs on the server: ${url} printed ${expected}. The harmless test file remains there and should be deleted. Upload request:\n${up.requestText.slice(0, 1500)}`,
            }),
          );
          return;
        }
      }
    }
  });
}
