/**
 * C/C++ specifics of the taint interpreter:
 * - object-like macros (`#define GETENV getenv`, `#define COMMAND_INT_PATH "/bin/sh"`,
 *   `#define COMMAND_ARG3 data`): a name defined as another name is that name, as a literal that
 *   constant — the preprocessor's substitution, so calls through alias macros reach the rules;
 * - functions that fill a buffer given as an argument (recv, fgets, fread, read) make that buffer
 *   attacker data, and the string/memory copies (strcpy, strcat, memcpy, snprintf …) carry their
 *   sources' data into their destination (C returns data through pointers, not return values).
 * Which functions do what is data in rules/taint-specs.ts (C_OUT_SOURCES, C_COPIES).
 */
import type { Syn } from '../parse/syntax.ts';
import { literalString } from './fold.ts';
import type { Frame } from './frame.ts';
import { C_COPIES, C_OUT_SOURCES } from '../rules/taint-specs.ts';
import { type CallSite, firstIdent, isIdent } from './syntax-profile.ts';
import { type Value, UNKNOWN, derive, join, konst, sourceValue, withStep } from './value.ts';
import type { Walker } from './walker.ts';

const macroCache = new WeakMap<Walker, Map<string, string>>();
const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+(L?"(?:[^"\\\n]|\\.)*"|[A-Za-z_]\w*|-?\d+)[ \t]*(?:\/\/.*|\/\*.*\*\/)?$/gm;

/** Object-like macros of the file whose replacement is one name, a string literal or a number. */
export function macros(w: Walker): Map<string, string> {
  let m = macroCache.get(w);
  if (!m) {
    m = new Map();
    for (const d of w.src.matchAll(DEFINE)) if (!m.has(d[1]!)) m.set(d[1]!, d[2]!);
    macroCache.set(w, m);
  }
  return m;
}

/** The value of a macro name not bound in the frame: a literal, or the name it stands for. */
export function macroValue(w: Walker, name: string, f: Frame, depth = 0): Value | undefined {
  const r = macros(w).get(name);
  if (r === undefined || depth > 4) return undefined;
  if (/^L?"/.test(r)) return konst(literalString(r.replace(/^L/, '')));
  if (/^-?\d+$/.test(r)) return konst(Number(r));
  const v = f.env.get(r);
  return v ?? macroValue(w, r, f, depth + 1);
}

/** A call through an alias macro (`EXECL(…)` with `#define EXECL execl`) is a call of the real function. */
export function unaliasCall(w: Walker, call: CallSite): CallSite {
  if (call.receiver) return call;
  let name = call.name;
  for (let i = 0; i < 4; i++) {
    const r = macros(w).get(name);
    if (!r || !/^[A-Za-z_]\w*$/.test(r)) break;
    name = r;
  }
  return name === call.name ? call : { ...call, name, callee: name };
}

/** The variable a pointer argument designates: `buf`, `data + len`, `(char *)(data + len)`, `&x`. */
function baseVariable(w: Walker, arg: Syn | undefined): string | undefined {
  if (!arg) return undefined;
  const id = isIdent(arg) ? arg : firstIdent(arg);
  return id ? w.text(id) : undefined;
}

/** Buffers filled by a source call, and copies into destination buffers. */
export function cOutArguments(w: Walker, call: CallSite, args: readonly Value[], f: Frame): void {
  const src = C_OUT_SOURCES.find((s) => s.names.includes(call.name));
  if (src) {
    const name = baseVariable(w, call.args[src.arg]);
    if (name) f.env.set(name, join(f.env.get(name), sourceValue(w.step(call.node, 'source'))));
    return;
  }
  const copy = C_COPIES.find((s) => s.names.includes(call.name));
  if (!copy) return;
  const name = baseVariable(w, call.args[0]);
  if (!name) return;
  const from = args.filter((_, i) => copy.from.includes(i));
  // strcpy(dest, "literal") makes dest that constant; appending keeps what was there.
  if (!copy.append && from.length === 1 && from[0]!.konst !== undefined) {
    f.env.set(name, from[0]!);
    return;
  }
  const d = derive(from);
  if (!d.taint) {
    if (!copy.append) f.env.set(name, UNKNOWN);
    return;
  }
  const old = copy.append ? f.env.get(name) : undefined;
  f.env.set(name, withStep(derive([old, d]), w.step(call.node, 'assign')));
}
