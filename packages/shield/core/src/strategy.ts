/**
 * Strategy validation: a stored or submitted strategy is checked against its
 * type's schema; unknown keys are refused (a typo must not silently turn a
 * protection off) and missing keys take the schema default.
 */
import type { DefaultStrategy, StrategyOption, StrategySchema, StrategyValues } from './types.ts';

export type StrategyCheck = { ok: true; values: StrategyValues } | { ok: false; errors: string[] };

function checkOne(o: StrategyOption, v: unknown): string | undefined {
  switch (o.kind) {
    case 'boolean':
      return typeof v === 'boolean' ? undefined : 'expected true or false';
    case 'enum':
      return typeof v === 'string' && o.choices.some((c) => c.value === v) ? undefined : `expected one of ${o.choices.map((c) => c.value).join(', ')}`;
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) && v >= o.min && v <= o.max ? undefined : `expected a number from ${o.min} to ${o.max}`;
    case 'string':
      if (typeof v !== 'string' || v.length > o.maxLength) return `expected text of at most ${o.maxLength} characters`;
      return o.pattern && v !== '' && !new RegExp(o.pattern).test(v) ? 'invalid format' : undefined;
    case 'list': {
      if (!Array.isArray(v) || v.length > o.maxItems) return `expected a list of at most ${o.maxItems} items`;
      const re = o.pattern ? new RegExp(o.pattern) : undefined;
      for (const item of v) {
        if (typeof item !== 'string' || item.length === 0 || item.length > o.maxLength) return `each item: text of 1 to ${o.maxLength} characters`;
        if (re && !re.test(item)) return `invalid item: ${item.slice(0, 60)}`;
      }
      return undefined;
    }
  }
}

/** Checks values against the schema and fills in defaults for missing keys. */
export function validateStrategy(schema: StrategySchema, values: unknown): StrategyCheck {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return { ok: false, errors: ['strategy: expected an object'] };
  const input = values as Record<string, unknown>;
  const known = new Map(schema.options.map((o) => [o.key, o]));
  const errors: string[] = [];
  for (const k of Object.keys(input)) if (!known.has(k)) errors.push(`${k}: unknown option`);
  const out: StrategyValues = {};
  for (const o of schema.options) {
    const v = input[o.key];
    if (v === undefined) {
      out[o.key] = Array.isArray(o.default) ? [...o.default] : o.default;
      continue;
    }
    const err = checkOne(o, v);
    if (err) errors.push(`${o.key}: ${err}`);
    else out[o.key] = Array.isArray(v) ? [...(v as string[])] : (v as StrategyValues[string]);
  }
  return errors.length ? { ok: false, errors } : { ok: true, values: out };
}

/** The full values of a default strategy (schema defaults overlaid with the preset's values). */
export function presetValues(schema: StrategySchema, preset: DefaultStrategy): StrategyValues {
  const r = validateStrategy(schema, preset.values);
  if (!r.ok) throw new Error(`default strategy ${preset.id} is invalid: ${r.errors.join('; ')}`);
  return r.values;
}
