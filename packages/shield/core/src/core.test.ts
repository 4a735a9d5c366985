import { describe, expect, it } from 'vitest';
import { createRegistry, finishScript, isExcluded, parsesOnlyAsModule, prepareScript, presetValues, replacesFunctionToString, selfDefendingDetail, validateStrategy, valuesForScript, type ShieldTypeModule, type StrategySchema } from './index.ts';

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

describe('shared obfuscation helpers', () => {
  it('makes an ES module strict for the obfuscator, keeps hashbang, prologue and guard order', () => {
    expect(prepareScript('export const a = 1;', true, 'G;').source).toBe("'use strict';G;export const a = 1;");
    expect(prepareScript('var a = 1;', false, 'G;').source).toBe('G;var a = 1;');
    const p = prepareScript('#!/usr/bin/env node\n"use strict";\nrun();', false, 'G;');
    expect(p).toMatchObject({ hashbang: '#!/usr/bin/env node\n', source: '"use strict";G;\nrun();', strict: true });
    expect(finishScript(p, 'var _0x=1;"use strict";run();')).toBe("#!/usr/bin/env node\n'use strict';var _0x=1;\"use strict\";run();");
  });

  it('tells modules by parsing, not by words', () => {
    expect(parsesOnlyAsModule('import x from "./x.js"; x();')).toBe(true);
    expect(parsesOnlyAsModule('export default 1')).toBe(true);
    expect(parsesOnlyAsModule('var s = `\nimport x from "y"\n`; with (o) {}')).toBe(false);
    expect(parsesOnlyAsModule('function (')).toBe(false);
  });

  it('finds scripts that replace Function.prototype.toString and drops only their self-defending', () => {
    expect(replacesFunctionToString('v[n]=a,Function.prototype.toString=v;')).toBe(true);
    expect(replacesFunctionToString('Object.defineProperty(Function.prototype, "toString", {value: f})')).toBe(true);
    expect(replacesFunctionToString('if (Function.prototype.toString === x) y();')).toBe(false);
    const s = { selfDefending: true, stringArray: true, stringArrayEncoding: 'base64' };
    expect(valuesForScript(s, 'Function.prototype.toString=v').values.selfDefending).toBe(false);
    expect(valuesForScript({ ...s, stringArrayEncoding: 'none' }, 'Function.prototype.toString=v').selfDefendingDropped).toBe(false);
    expect(selfDefendingDetail(['polyfills.js'])).toMatch(/^not in polyfills\.js: .*#1210/);
  });

  it('matches exclude patterns as prefix, suffix or exact path', () => {
    expect(isExcluded('vendor/a.js', ['vendor/'])).toBe(true);
    expect(isExcluded('vendorx/a.js', ['vendor'])).toBe(false);
    expect(isExcluded('js/x.min.js', ['*.min.js'])).toBe(true);
    expect(isExcluded('a.js', ['./a.js'])).toBe(true);
  });
});
