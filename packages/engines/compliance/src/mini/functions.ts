/**
 * Function bodies of one mini-program script, found with the mini-program
 * engine's tokenizer: `name(…) {…}` (object and class methods), `name:
 * function (…) {…}`, `name: (…) => {…}`, `function name(…) {…}` and `name =
 * function / arrow`. With the member calls `x.name(…)` / `name(…)` made
 * inside each body, the start-up analysis follows App.onLaunch or a page's
 * onLoad into the helpers they call in the same file.
 */
import { tokenize } from '@citadel/engine-miniprogram';

export interface FunctionBody {
  name: string;
  /** Offsets of the body's "{" and "}". */
  start: number;
  end: number;
}

export interface ScriptFunctions {
  bodies: FunctionBody[];
  /** Calls by name (`x.name(` or `name(`), with their offsets. */
  calls: { name: string; index: number }[];
}

const NOT_NAMES = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'function', 'typeof', 'new', 'await', 'yield', 'do', 'else', 'try']);
/** Scripts are scanned up to this many tokens: a page or app.js is far smaller; a hostile one costs one bounded pass. */
const MAX_TOKENS = 1_000_000;

interface Tok {
  kind: string;
  start: number;
  end: number;
}

export function scriptFunctions(text: string): ScriptFunctions {
  const toks: Tok[] = [];
  tokenize(text, (kind, start, end) => {
    if (toks.length < MAX_TOKENS) toks.push({ kind, start, end });
  });
  const v = (i: number): string => (toks[i] ? text.slice(toks[i]!.start, toks[i]!.end) : '');
  const isP = (i: number, ch: string): boolean => toks[i]?.kind === 'punct' && v(i) === ch;
  // Matching bracket of every opener, by token index.
  const match = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < toks.length; i++) {
    if (toks[i]!.kind !== 'punct') continue;
    const ch = v(i);
    if (ch === '(' || ch === '{' || ch === '[') stack.push(i);
    else if (ch === ')' || ch === '}' || ch === ']') {
      const o = stack.pop();
      if (o !== undefined) match.set(o, i);
    }
  }
  /** From a "(" parameter list: the body "{" after ")" (optionally "=>"), or -1. */
  const bodyAfterParams = (open: number): number => {
    if (!isP(open, '(')) return -1;
    const close = match.get(open);
    if (close === undefined) return -1;
    let j = close + 1;
    if (isP(j, '=') && isP(j + 1, '>')) j += 2;
    else if (v(j) === '=>') j += 1;
    return isP(j, '{') ? j : -1;
  };
  const bodies: FunctionBody[] = [];
  const calls: { name: string; index: number }[] = [];
  for (let i = 0; i < toks.length; i++) {
    if (toks[i]!.kind !== 'ident') continue;
    const name = v(i);
    if (NOT_NAMES.has(name)) continue;
    let brace = -1;
    if (isP(i + 1, '(')) {
      // name(…) { … } is a method (or `function name`) only where a definition can start; elsewhere name(…) is a call.
      brace = bodyAfterParams(i + 1);
      const before = v(i - 1);
      if (brace >= 0 && before !== 'function' && !/^[,{};)]$|^$/.test(before) && !['async', 'static', 'get', 'set'].includes(before)) brace = -1;
      if (brace < 0) calls.push({ name, index: toks[i]!.start });
    } else if (isP(i + 1, ':') || isP(i + 1, '=')) {
      let j = i + 2;
      if (v(j) === 'async') j++;
      if (v(j) === 'function') {
        j++;
        if (toks[j]?.kind === 'ident') j++;
        brace = bodyAfterParams(j);
      } else if (isP(j, '(')) brace = bodyAfterParams(j);
      else if (toks[j]?.kind === 'ident' && (v(j + 1) === '=>' || (isP(j + 1, '=') && isP(j + 2, '>')))) brace = isP(j + (v(j + 1) === '=>' ? 2 : 3), '{') ? j + (v(j + 1) === '=>' ? 2 : 3) : -1;
    }
    const end = brace >= 0 ? match.get(brace) : undefined;
    if (brace >= 0 && end !== undefined) bodies.push({ name, start: toks[brace]!.start, end: toks[end]!.end });
  }
  return { bodies, calls };
}
