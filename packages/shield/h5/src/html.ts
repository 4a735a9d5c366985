/**
 * The parts of an HTML page the protector touches: <script> elements (inline
 * code and local src), inline event handlers and javascript: URLs (whose
 * identifiers must keep their global names), and source-map comments.
 *
 * A script element's content is raw text that ends at the first "</script"
 * (HTML Living Standard, "script data state"), so a regular expression finds
 * script elements exactly; comments around a script are not interpreted (a
 * commented-out script is protected too, which is harmless).
 */
import path from 'node:path/posix';

export interface ScriptTag {
  /** offsets of the whole element in the page */
  start: number;
  end: number;
  attrs: string;
  body: string;
  src?: string;
  /** classic | module | data (JSON, templates: never touched) */
  kind: 'classic' | 'module' | 'data';
}

const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JS_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'application/x-javascript', 'text/ecmascript', 'application/ecmascript', 'module']);

export function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attrs);
  if (m) return m[1] ?? m[2] ?? m[3] ?? '';
  // a boolean attribute (<script nomodule>)
  return new RegExp(`(?:^|\\s)${name}(?=[\\s/]|$)`, 'i').test(attrs) ? '' : undefined;
}

export function findScripts(html: string): ScriptTag[] {
  const out: ScriptTag[] = [];
  for (const m of html.matchAll(SCRIPT_RE)) {
    const attrs = m[1] ?? '';
    const type = (attr(attrs, 'type') ?? '').trim().toLowerCase();
    const kind = !JS_TYPES.has(type) ? 'data' : type === 'module' ? 'module' : 'classic';
    const src = attr(attrs, 'src');
    out.push({ start: m.index, end: m.index + m[0].length, attrs, body: m[2] ?? '', ...(src !== undefined ? { src } : {}), kind });
  }
  return out;
}

/** A local script's path in the package, or undefined for a remote / data / protocol-relative URL. */
export function localPath(htmlPath: string, src: string): string | undefined {
  const s = src.trim();
  if (!s || /^[a-z][a-z0-9+.-]*:/i.test(s) || s.startsWith('//')) return undefined;
  const clean = s.split(/[?#]/)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(clean);
  } catch {
    return undefined;
  }
  const joined = decoded.startsWith('/') ? decoded.slice(1) : path.join(path.dirname(htmlPath), decoded);
  const norm = path.normalize(joined);
  return norm.startsWith('..') ? undefined : norm;
}

/** Code in on* attributes and javascript: URLs: its identifiers are globals the scripts must keep. */
export function handlerCode(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/\son[a-z]+\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) out.push(decodeEntities(m[1] ?? m[2] ?? ''));
  for (const m of html.matchAll(/\s(?:href|action|src)\s*=\s*(?:"\s*javascript:([^"]*)"|'\s*javascript:([^']*)')/gi)) out.push(decodeEntities(m[1] ?? m[2] ?? ''));
  return out;
}

function decodeEntities(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Identifier-like words of a piece of code: a superset of the names it references. */
export function words(code: string): Set<string> {
  return new Set(code.match(/[A-Za-z_$][\w$]*/g) ?? []);
}

/** Removes `//# sourceMappingURL=` and `/*# sourceMappingURL= *\/` comments. */
export function stripSourceMapComments(code: string): string {
  return code.replace(/\/\/[#@]\s*sourceMappingURL=[^\n]*/g, '').replace(/\/\*[#@]\s*sourceMappingURL=[\s\S]*?\*\//g, '');
}

/** Sets (or replaces) an attribute on a tag's attribute string. */
export function setAttr(attrs: string, name: string, value: string): string {
  const re = new RegExp(`(\\s)${name}\\s*=\\s*(?:"[^"]*"|'[^']*'|[^\\s"'>]+)`, 'i');
  const v = `${name}="${value.replace(/"/g, '&quot;')}"`;
  return re.test(attrs) ? attrs.replace(re, (_m, sp: string) => `${sp}${v}`) : `${attrs} ${v}`;
}
