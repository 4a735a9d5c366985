/**
 * Constant folding for the interpreter: arithmetic, comparisons and string
 * operations on known constants, so `if ((7 * 42) - num > 200)` with a known
 * num and `"ABC".charAt(1)` are decided instead of guessed.
 */
import type { Value } from './value.ts';

type K = string | number | boolean;

export function foldBinary(op: string, a: K | undefined, b: K | undefined): K | undefined {
  if (op === '&&' || op === 'and') return a === false || b === false ? false : a === true && b === true ? true : undefined;
  if (op === '||' || op === 'or') return a === true || b === true ? true : a === false && b === false ? false : undefined;
  if (a === undefined || b === undefined) return undefined;
  switch (op) {
    case '+': case '.':
      if (typeof a === 'number' && typeof b === 'number') return a + b;
      if (op === '.' || typeof a === 'string' || typeof b === 'string') return String(a) + String(b);
      return undefined;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    switch (op) {
      case '-': return a - b;
      case '*': return a * b;
      case '/': return b === 0 ? undefined : Math.trunc(a / b);
      case '%': return b === 0 ? undefined : a % b;
      case '>': return a > b;
      case '<': return a < b;
      case '>=': return a >= b;
      case '<=': return a <= b;
    }
  }
  switch (op) {
    case '==': case '===': return a === b;
    case '!=': case '!==': case '<>': return a !== b;
  }
  return undefined;
}

export function foldUnary(op: string, a: K | undefined): K | undefined {
  if (a === undefined) return undefined;
  if ((op === '!' || op === 'not') && typeof a === 'boolean') return !a;
  if (op === '-' && typeof a === 'number') return -a;
  return undefined;
}

/** A method of a constant string receiver with constant arguments. */
export function foldStringMethod(recv: K | undefined, name: string, args: readonly Value[]): K | undefined {
  if (typeof recv !== 'string') return undefined;
  const n = (i: number): number | undefined => (typeof args[i]?.konst === 'number' ? (args[i]!.konst as number) : undefined);
  switch (name) {
    case 'charAt': { const i = n(0); return i !== undefined && i >= 0 && i < recv.length ? recv[i] : undefined; }
    case 'substring': case 'substr': { const i = n(0); const j = n(1); return i === undefined ? undefined : recv.substring(i, j); }
    case 'toUpperCase': case 'upper': return recv.toUpperCase();
    case 'toLowerCase': case 'lower': return recv.toLowerCase();
    case 'trim': case 'strip': return recv.trim();
    case 'length': return recv.length;
    case 'toString': case 'intern': return recv;
  }
  return undefined;
}

/** The constant of a literal node's text. */
export function literalString(text: string): string {
  const m = /^(?:[rRbBuUfF]{0,2}|[@$]{1,2})?("""|'''|"|'|`)([\s\S]*)\1$/.exec(text);
  const body = m ? m[2]! : text;
  return body.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}
