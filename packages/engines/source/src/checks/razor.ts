/**
 * Razor views (.cshtml, .razor): Razor HTML-encodes every `@expression` it prints (also after `@:` and in
 * `<text>`), except what is marked as markup — `@Html.Raw(x)`, `new HtmlString(x)`, `(MarkupString)x` (ASP.NET Core
 * docs, "Razor syntax reference" / "Prevent XSS"). Such raw output is XSS when it prints request data: read in the
 * view itself (`Request.Query[…]`, `Context.Request…`), or a ViewBag/ViewData entry that a controller of the
 * project fills with request data (analyse-file.ts records those keys while the C# files are analysed).
 * Model properties are not judged (which action fills the model is not followed).
 */
export interface RazorHit {
  line: number;
  start: number;
  end: number;
  detail: string;
}

const RAW_OPEN = /@?Html\.Raw\s*\(|new\s+(?:Microsoft\.AspNetCore\.Html\.)?HtmlString\s*\(|\(\s*MarkupString\s*\)\s*/g;
const REQUEST = /\b(?:Context|HttpContext|ViewContext\.HttpContext)?\.?Request\s*\.\s*(Query|Form|Cookies|Headers|QueryString|Params|RouteValues|Path)\b/;
const VIEW_KEY = /\bViewBag\s*\.\s*([A-Za-z_]\w*)|\b(?:ViewData|TempData)\s*\[\s*"([^"]+)"\s*\]/g;

/** The argument text after an opening `(` at `from` (balanced parentheses, within 2,000 characters). */
function argumentAt(src: string, from: number): string {
  let depth = 1;
  for (let i = from; i < src.length && i < from + 2000; i++) {
    const ch = src[i];
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return src.slice(from, i);
  }
  return '';
}

export function checkRazor(src: string, viewData: ReadonlySet<string>): RazorHit[] {
  const hits: RazorHit[] = [];
  for (const m of src.matchAll(RAW_OPEN)) {
    const start = m.index!;
    const cast = m[0].startsWith('(');
    // (MarkupString)x: the operand up to the end of the expression on that line.
    const arg = cast ? (/^[^\s<;)]*(\([^)]*\))?[^\s<;)]*/.exec(src.slice(start + m[0].length))?.[0] ?? '') : argumentAt(src, start + m[0].length);
    if (!arg) continue;
    let detail: string | undefined;
    if (REQUEST.test(arg)) detail = `request data printed raw: ${arg.trim().slice(0, 120)}`;
    else {
      for (const k of arg.matchAll(VIEW_KEY)) {
        const key = k[1] ?? k[2]!;
        if (viewData.has(key)) {
          detail = `${k[0].replace(/\s+/g, '')} holds request data (set by a controller) and is printed raw`;
          break;
        }
      }
    }
    if (!detail) continue;
    const end = start + m[0].length + arg.length + (cast ? 0 : 1);
    hits.push({ line: src.slice(0, start).split('\n').length, start, end, detail });
  }
  return hits;
}
