/**
 * printf-style formatting: an argument consumed by a numeric conversion (%d, %x, %f …) is printed as a number,
 * so whatever text it held does not reach the result. Applies to the printf families whose format string is a
 * constant: PHP sprintf/printf/vsprintf… (PHP manual), Go fmt.Sprintf/Printf/Fprintf/Errorf (fmt docs: %v and %s
 * print text, %d and friends numbers), Java String.format/formatted/printf (java.util.Formatter), C printf family.
 * Positional conversions (`%2$d`) are followed; `%%` is a literal percent sign.
 */
import type { CallSite, LangGroup } from './syntax-profile.ts';
import { type Value, UNKNOWN } from './value.ts';

/** Format argument position per function name and language group. */
const FORMAT_AT: Partial<Record<LangGroup, Readonly<Record<string, number>>>> = {
  php: { sprintf: 0, printf: 0, vsprintf: 0, vprintf: 0, fprintf: 1, vfprintf: 1 },
  go: { Sprintf: 0, Printf: 0, Errorf: 0, Fprintf: 1, Fscanf: 1 },
  java: { format: 0, printf: 0, formatted: -1 },
  c: { printf: 0, sprintf: 1, snprintf: 2, fprintf: 1, syslog: 1 },
};

/** Conversions that print a number (or one character): no attacker text goes through them. */
const CONVERSION = /%(?:(\d+)\$)?[-+ 0#',]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?([a-zA-Z%])/g;
const NUMERIC = /^[dioxXeEfFgGuaAbBc]$/;

export function withNumericFormatArgs(group: LangGroup, call: CallSite, args: readonly Value[]): readonly Value[] {
  const table = FORMAT_AT[group];
  let at = table?.[call.name];
  if (at === undefined) return args;
  // Java: String.format(Locale, fmt, …) / "fmt".formatted(…) (the receiver is the format).
  if (group === 'java' && at === 0 && typeof args[0]?.konst !== 'string' && typeof args[1]?.konst === 'string') at = 1;
  if (at < 0) return args;
  const fmt = args[at]?.konst;
  if (typeof fmt !== 'string') return args;
  const out = [...args];
  // PHP vsprintf/vprintf take the values as one array.
  const spread = group === 'php' && /^v/.test(call.name);
  let next = 0;
  for (const m of fmt.matchAll(CONVERSION)) {
    if (m[2] === '%') continue;
    const index = m[1] ? Number(m[1]) - 1 : next++;
    if (!NUMERIC.test(m[2]!)) continue;
    const pos = at + 1 + index;
    if (spread) {
      const list = out[at + 1];
      if (list?.items?.[index]) {
        const items = [...list.items];
        items[index] = UNKNOWN;
        out[at + 1] = { ...list, items };
      }
    } else if (pos < out.length) out[pos] = UNKNOWN;
  }
  return out;
}
