/**
 * The state of one function being interpreted (its variables, their declared
 * types, the joined return value, the inlining depth, the environments at
 * break/continue) and the small pure helpers over it: joining environments,
 * the evidence step of a node, memo signatures of argument values.
 */
import type { Syn } from '../parse/syntax.ts';
import type { Env } from './containers.ts';
import { type Step, type Value, deepTaint, join } from './value.ts';

export interface Frame {
  env: Env;
  types: Map<string, string>;
  ret: Value | undefined;
  depth: number;
  /** Environments at break/continue statements, per enclosing loop or switch. */
  exits: Env[][];
  /** A web handler whose return value is the HTML response body (a Flask view): tainted returns are XSS. */
  htmlReturn?: boolean;
  /** Spring MVC: the String returned names a view; `redirect:` + input is an open redirect. */
  viewNameReturn?: boolean;
}

/** Thrown (and caught by the interpreter) when the evaluation budget runs out. */
export const BUDGET = Symbol('budget');

export function newFrame(env: Env, depth: number): Frame {
  return { env, types: new Map(), ret: undefined, depth, exits: [] };
}

/** The evidence step of a node: its line, and the line's code (or the node's first 200 characters on a long line). */
export function stepAt(src: string, n: Syn, what: Step['what'], file?: string): Step {
  let s = src.lastIndexOf('\n', n.start - 1) + 1;
  let e = src.indexOf('\n', n.start);
  if (e < 0) e = src.length;
  if (e - s > 200) {
    s = n.start;
    e = Math.min(n.end, n.start + 200);
  }
  const step: Step = { line: n.row + 1, code: src.slice(s, e).trim().slice(0, 200), what };
  return file ? { file, ...step } : step;
}

/** What of an argument value a memoised call depends on: its taint (and cleared kinds) and its constant. */
export function sig(v: Value): string {
  const t = deepTaint(v);
  return `${t ? `T${[...t.cleared].sort().join('')}` : ''}${v.konst !== undefined ? `K${String(v.konst).slice(0, 40)}` : ''}`;
}

/** The environment after two paths meet: every variable holds the join of its values on both. */
export function joinEnv(a: Env, b: Env): Env {
  const out: Env = new Map();
  for (const k of new Set([...a.keys(), ...b.keys()])) out.set(k, join(a.get(k), b.get(k)));
  return out;
}

/** An expression body (arrow functions, lambdas) rather than a block of statements. */
export function isExprNode(n: Syn): boolean {
  return !/block|statement|body|clause|compound|suite|statements/.test(n.type);
}

/** Where a named root function may sit: class bodies, modules, files. */
export function isClassBody(n: Syn): boolean {
  return /class_body|declaration_list|class_declaration|object|program|source_file|module|translation_unit/.test(n.type);
}
