/**
 * Arguments of one call by name: Python keyword arguments (`secure=True`, `Loader=yaml.SafeLoader`,
 * `shell=True`) decide whether a call is dangerous, so rules read them by name with the value the
 * interpreter computed (a constant followed through variables), falling back to a position when
 * the argument is given positionally.
 */
import type { Syn } from '../parse/syntax.ts';
import { type CallSite, keywordOf } from './syntax-profile.ts';
import type { Value } from './value.ts';

export interface ArgView {
  /** The value of keyword argument `name`, else of positional argument `pos` (when it is not a keyword argument). */
  kw(name: string, pos?: number): Value | undefined;
  /** The source text of that argument. */
  kwText(name: string, pos?: number): string | undefined;
  /** Whether the call passes a keyword argument of this name. */
  has(name: string): boolean;
}

export function argView(call: CallSite, args: readonly Value[], src: string): ArgView {
  let names: (string | undefined)[] | undefined;
  const nameAt = (i: number) => (names ??= call.args.map((a) => keywordOf(a, src)))[i];
  const index = (name: string, pos?: number): number => {
    for (let i = 0; i < call.args.length; i++) if (nameAt(i) === name) return i;
    return pos !== undefined && pos < call.args.length && nameAt(pos) === undefined ? pos : -1;
  };
  const text = (n: Syn) => src.slice(n.start, n.end);
  return {
    kw: (name, pos) => {
      const i = index(name, pos);
      if (i >= 0) return args[i];
      // Python `f(**opts)`: the keyword is the dict's entry when the dict is known; an unknown dict may
      // hold it with any value (so it is not "absent").
      const splat = call.args.findIndex((a) => a.type === 'dictionary_splat');
      if (splat < 0) return undefined;
      return args[splat]?.entries ? args[splat]!.entries!.get(name) : (args[splat] ?? {});
    },
    kwText: (name, pos) => {
      const i = index(name, pos);
      return i < 0 ? undefined : text(call.args[i]!);
    },
    has: (name) => index(name) >= 0,
  };
}
