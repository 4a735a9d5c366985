import { describe, expect, it } from 'vitest';
import { createRegistry, presetValues, validateStrategy, type ShieldTypeModule, type StrategySchema } from './index.ts';

const t = (s: string) => ({ 'zh-CN': s, en: s });
const schema: StrategySchema = {
  groups: [{ key: 'g', title: t('g') }],
  options: [
    { key: 'rename', kind: 'boolean', title: t('rename'), default: true },
    { key: 'level', kind: 'enum', title: t('level'), default: 'low', choices: [{ value: 'low', title: t('low') }, { value: 'high', title: t('high') }] },
    { key: 'ratio', kind: 'number', title: t('ratio'), default: 0.5, min: 0, max: 1 },
    { key: 'domains', kind: 'list', title: t('domains'), default: [], maxItems: 3, maxLength: 20, pattern: '^[a-z.]+$' },
  ],
};
const mod = (over: Partial<ShieldTypeModule> = {}): ShieldTypeModule => ({
  type: 'h5',
  title: t('H5'),
  accept: ['.zip'],
  schema,
  defaults: [{ id: 'h5.x', name: t('x'), description: t('x'), values: { level: 'high' } }],
  harden: async () => {
    throw new Error('not used');
  },
  ...over,
});

describe('strategy validation', () => {
  it('fills defaults and keeps valid values', () => {
    const r = validateStrategy(schema, { level: 'high', domains: ['a.com'] });
    expect(r).toEqual({ ok: true, values: { rename: true, level: 'high', ratio: 0.5, domains: ['a.com'] } });
  });
  it('refuses unknown keys, wrong kinds, out-of-range numbers and bad list items', () => {
    const r = validateStrategy(schema, { renam: true, level: 'max', ratio: 2, domains: ['A B'] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.split(':')[0])).toEqual(['renam', 'level', 'ratio', 'domains']);
    expect(validateStrategy(schema, [1]).ok).toBe(false);
    expect(validateStrategy(schema, { domains: ['a', 'b', 'c', 'd'] }).ok).toBe(false);
  });
  it('expands presets', () => {
    expect(presetValues(schema, mod().defaults[0]!)).toMatchObject({ level: 'high', rename: true });
  });
});

describe('registry', () => {
  it('registers and finds types', () => {
    const r = createRegistry([mod()]);
    expect(r.get('h5')?.type).toBe('h5');
    expect(r.has('app')).toBe(false);
    expect(r.list()).toHaveLength(1);
  });
  it('refuses duplicate types and invalid presets', () => {
    expect(() => createRegistry([mod(), mod()])).toThrow(/twice/);
    expect(() => createRegistry([mod({ defaults: [{ id: 'bad', name: t('b'), description: t('b'), values: { level: 'nope' } }] })])).toThrow(/invalid/);
  });
});
