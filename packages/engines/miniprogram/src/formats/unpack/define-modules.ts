/**
 * Splitting compiled WeChat bundles back into their source modules without
 * running them. app-service.js (and subpackage game.js / app-service.js)
 * wraps each source file in
 *   define("utils/util.js", function(require, module, exports, window, …){ … });
 * one after the other at top level. A module's code is the function body:
 * from the "{" after the parameter list up to the "});" that closes it, found
 * as the last "}" + ")" before the next define (or the bundle's end), so no
 * JavaScript parser is needed and nothing is evaluated.
 * page-frame / app-wxss bundles assign per-page data to
 *   __wxAppCode__['pages/index/index.json'] = { … };
 *   __wxAppCode__['pages/index/index.wxml'] = $gwx('./pages/index/index.wxml');
 * the JSON objects are cut out with a string-aware brace matcher.
 */

export interface BundleModule {
  /** Module path as named in the bundle, e.g. "pages/index/index.js". */
  path: string;
  code: string;
  /** Character offset of `code` in the bundle text. */
  offsetInBundle: number;
  /** 1-based line of `offsetInBundle` in the bundle, for evidence. */
  line: number;
  kind: 'define' | 'wxAppCode-json' | 'wxAppCode-wxml';
}

/** A define( at statement start: beginning of text, or after ; } ) or a newline, optionally with whitespace. */
const DEFINE = /(?:^|[;})\n])\s*define\(\s*(["'])((?:(?!\1)[^\\\n]|\\.){1,1024})\1\s*,\s*function\s*\(([^)]{0,2000})\)\s*\{/g;
const WX_APP_CODE = /__wxAppCode__\[\s*(["'])((?:(?!\1)[^\\\n]|\\.){1,1024})\1\s*\]\s*=\s*/g;
const MAX_MODULES = 100_000;

export function splitDefineModules(bundle: string): BundleModule[] {
  const starts: { path: string; bodyStart: number; defineStart: number }[] = [];
  for (const m of bundle.matchAll(DEFINE)) {
    if (starts.length >= MAX_MODULES) break;
    const at = m.index! + m[0].indexOf('define');
    starts.push({ path: m[2]!, bodyStart: m.index! + m[0].length, defineStart: at });
  }
  const lines = lineIndex(bundle);
  return starts.map((s, i) => {
    const limit = i + 1 < starts.length ? starts[i + 1]!.defineStart : bundle.length;
    const end = closingBrace(bundle, s.bodyStart, limit);
    return { path: s.path, code: bundle.slice(s.bodyStart, end), offsetInBundle: s.bodyStart, line: lines(s.bodyStart), kind: 'define' as const };
  });
}

/** The last "}" followed (after spaces) by ")" in [from, limit): the end of the wrapper function. */
function closingBrace(text: string, from: number, limit: number): number {
  const window = text.slice(from, limit);
  const m = /\}\s*\)\s*;?\s*(?:require\([^)]*\)\s*;?\s*)?$/.exec(window.trimEnd());
  if (m) return from + m.index;
  const last = window.lastIndexOf('}');
  return last >= 0 ? from + last : limit;
}

export function splitWxAppCode(bundle: string): BundleModule[] {
  const out: BundleModule[] = [];
  const lines = lineIndex(bundle);
  for (const m of bundle.matchAll(WX_APP_CODE)) {
    if (out.length >= MAX_MODULES) break;
    const path = m[2]!;
    const valueStart = m.index! + m[0].length;
    if (path.endsWith('.json') && bundle[valueStart] === '{') {
      const end = matchBraces(bundle, valueStart);
      if (end > valueStart) out.push({ path, code: bundle.slice(valueStart, end), offsetInBundle: valueStart, line: lines(valueStart), kind: 'wxAppCode-json' });
    } else if (path.endsWith('.wxml')) {
      const end = bundle.indexOf(';', valueStart);
      const stop = end < 0 ? Math.min(bundle.length, valueStart + 1024) : end;
      out.push({ path, code: bundle.slice(valueStart, stop), offsetInBundle: valueStart, line: lines(valueStart), kind: 'wxAppCode-wxml' });
    }
  }
  return out;
}

/** End (exclusive) of the balanced {…} starting at `start`, skipping string literals; -1 if unbalanced. */
function matchBraces(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Offset → 1-based line, by binary search over newline positions. */
export function lineIndex(text: string): (offset: number) => number {
  const breaks: number[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks.push(i);
  return (offset) => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}
