/**
 * What the crawler and the checks need from an HTML page: links, forms with
 * their fields, scripts (for SRI) and sub-resources (for mixed content).
 * A tolerant tag scanner, not a DOM: pages are hostile input, so the text is
 * capped and every list is bounded.
 */
export interface FormField {
  name: string;
  type: string;
  value: string;
}

export interface HtmlForm {
  /** Absolute action URL (the page itself when absent). */
  action: string;
  method: 'GET' | 'POST';
  enctype: string;
  fields: FormField[];
  /** Names of its file inputs (not in `fields`: they are sent only by the upload check, as multipart parts). */
  fileFields?: string[];
  /** The page the form is on. */
  page: string;
}

export interface ScriptRef {
  src: string;
  integrity?: string;
}

export interface ResourceRef {
  tag: string;
  url: string;
}

export interface PageFacts {
  links: string[];
  forms: HtmlForm[];
  scripts: ScriptRef[];
  resources: ResourceRef[];
  title?: string;
}

const MAX_TEXT = 2 << 20;
const MAX_ITEMS = 2000;
const TAG_RE = /<(\/?)(a|area|link|script|img|iframe|frame|form|input|textarea|select|button|base|meta|source|embed|object|audio|video|title)\b([^>]{0,4000})>/gi;
const ATTR_RE = /([^\s=/"'>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

export function decodeEntities(s: string): string {
  return s.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|#39));/gi, (m, dec: string, hex: string, named: string) => {
    if (dec) return safeChar(Number(dec));
    if (hex) return safeChar(parseInt(hex, 16));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" } as Record<string, string>)[named.toLowerCase()] ?? m;
  });
}

function safeChar(n: number): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
}

export function attributes(s: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of s.matchAll(ATTR_RE)) {
    const k = m[1]!.toLowerCase();
    if (!out.has(k)) out.set(k, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
    if (out.size > 64) break;
  }
  return out;
}

function resolve(raw: string | undefined, base: URL): string | undefined {
  if (raw === undefined) return undefined;
  const v = raw.trim();
  if (v === '' || /^(?:javascript|mailto|tel|data|blob|about):/i.test(v)) return undefined;
  try {
    const u = new URL(v, base);
    u.hash = '';
    return u.href;
  } catch {
    return undefined;
  }
}

export function parseHtml(input: string, pageUrl: string): PageFacts {
  const html = input.length > MAX_TEXT ? input.slice(0, MAX_TEXT) : input;
  let base = new URL(pageUrl);
  const facts: PageFacts = { links: [], forms: [], scripts: [], resources: [] };
  let form: HtmlForm | undefined;
  const push = <T>(list: T[], v: T | undefined) => {
    if (v !== undefined && list.length < MAX_ITEMS) list.push(v);
  };
  for (const m of html.matchAll(TAG_RE)) {
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (closing) {
      if (tag === 'form' && form) form = undefined;
      continue;
    }
    const a = attributes(m[3] ?? '');
    switch (tag) {
      case 'base': {
        const b = resolve(a.get('href'), base);
        if (b) base = new URL(b);
        break;
      }
      case 'a':
      case 'area':
        push(facts.links, resolve(a.get('href'), base));
        break;
      case 'iframe':
      case 'frame':
        push(facts.links, resolve(a.get('src'), base));
        push(facts.resources, resource(tag, a.get('src'), base));
        break;
      case 'script': {
        const src = resolve(a.get('src'), base);
        if (src) {
          push(facts.scripts, { src, ...(a.has('integrity') ? { integrity: a.get('integrity')! } : {}) });
          push(facts.resources, { tag, url: src });
        }
        break;
      }
      case 'link':
        if (/stylesheet|preload|modulepreload|icon/i.test(a.get('rel') ?? '')) push(facts.resources, resource(tag, a.get('href'), base));
        break;
      case 'img':
      case 'source':
      case 'embed':
      case 'audio':
      case 'video':
        push(facts.resources, resource(tag, a.get('src'), base));
        break;
      case 'object':
        push(facts.resources, resource(tag, a.get('data'), base));
        break;
      case 'meta': {
        const refresh = /^\s*\d+\s*;\s*url\s*=\s*['"]?([^'"]+)/i.exec(a.get('content') ?? '');
        if (/refresh/i.test(a.get('http-equiv') ?? '') && refresh) push(facts.links, resolve(refresh[1], base));
        break;
      }
      case 'title': {
        const end = html.indexOf('</', m.index + m[0].length);
        if (end !== -1 && facts.title === undefined) facts.title = decodeEntities(html.slice(m.index + m[0].length, Math.min(end, m.index + m[0].length + 300))).trim();
        break;
      }
      case 'form': {
        const method = (a.get('method') ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET';
        form = { action: resolve(a.get('action'), base) ?? stripHash(base.href), method, enctype: a.get('enctype') ?? 'application/x-www-form-urlencoded', fields: [], page: pageUrl };
        if (facts.forms.length < 200) facts.forms.push(form);
        break;
      }
      case 'input':
      case 'textarea':
      case 'select':
      case 'button': {
        const name = a.get('name');
        if (!form || !name || form.fields.length >= 100) break;
        const type = tag === 'input' ? (a.get('type') ?? 'text').toLowerCase() : tag;
        if (type === 'file') {
          form.fileFields = [...(form.fileFields ?? []), name].slice(0, 10);
          break;
        }
        if (tag === 'button' || type === 'submit' || type === 'image' || type === 'reset') {
          // A browser sends only the button that submits the form: the first one (Enter), never a second
          // "Clear"/"Delete" button next to it.
          if (type === 'submit' && a.has('value') && !form.fields.some((f) => f.type === 'submit')) form.fields.push({ name, type, value: a.get('value')! });
          break;
        }
        if ((type === 'checkbox' || type === 'radio') && form.fields.some((f) => f.name === name)) break;
        form.fields.push({ name, type, value: a.get('value') ?? '' });
        break;
      }
    }
  }
  facts.links = [...new Set(facts.links)];
  return facts;
}

function resource(tag: string, raw: string | undefined, base: URL): ResourceRef | undefined {
  const url = resolve(raw, base);
  return url ? { tag, url } : undefined;
}

function stripHash(href: string): string {
  const i = href.indexOf('#');
  return i === -1 ? href : href.slice(0, i);
}

/** Whether a response is HTML by its content type (or, without one, by its first bytes). */
export function isHtml(contentType: string | undefined, text: string): boolean {
  if (contentType) return /text\/html|application\/xhtml/i.test(contentType);
  return /^\s*(?:<!doctype html|<html|<head|<body)/i.test(text.slice(0, 512));
}
