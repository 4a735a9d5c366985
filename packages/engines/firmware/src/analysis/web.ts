/**
 * The web interface: web roots and CGI programs, and shell CGI scripts that
 * put request data into eval, backticks or $(…).
 */
import type { ImageView } from './view.ts';

export interface WebFacts {
  roots: { path: string; pages: number }[];
  cgis: string[];
  scriptInjections: { file: string; line: number; snippet: string }[];
}

const ROOT = /^(?:www|web|webs|htdocs|html|webroot|web_root|cgi-bin)$/;
const PAGE = /\.(?:html?|asp|php|cgi|js|lua|sh|xml|stm|shtml)$/i;
const REQUEST = /\$\{?(?:QUERY_STRING|FORM_\w+|HTTP_\w+|REQUEST_\w+|CONTENT_\w+|GET_\w+|POST_\w+)/;
const EXECUTES = /\beval\b|`[^`]*\$|\$\([^)]*\$/;

export function findWeb(view: ImageView): WebFacts {
  const roots: WebFacts['roots'] = [];
  for (const [path, n] of view.nodes) {
    if (n.type !== 'dir' || !ROOT.test(path.split('/').pop()!)) continue;
    if (roots.some((r) => path.startsWith(`${r.path}/`))) continue;
    let pages = 0;
    for (const p of view.nodes.keys()) if (p.startsWith(`${path}/`) && PAGE.test(p)) pages++;
    roots.push({ path, pages });
  }
  const cgis = [...view.nodes.keys()].filter((p) => /\/cgi-bin\/[^/]+$|\.cgi$/.test(p));
  const scriptInjections: WebFacts['scriptInjections'] = [];
  for (const n of view.textFiles(1 << 20)) {
    if (!/\/cgi-bin\/|\.cgi$|\.sh$/.test(n.path) && !view.text(n).startsWith('#!')) continue;
    view.text(n).split('\n').forEach((line, i) => {
      if (REQUEST.test(line) && EXECUTES.test(line) && scriptInjections.length < 200) scriptInjections.push({ file: n.path, line: i + 1, snippet: line.trim().slice(0, 200) });
    });
  }
  return { roots, cgis, scriptInjections };
}
