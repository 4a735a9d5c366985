/**
 * A builder of test inputs: a small Node.js package written partly in
 * TypeScript (compiled by its tsconfig to dist/, CommonJS) and partly in
 * JavaScript (ES modules), with package.json main/exports/bin, a vendored
 * dependency in node_modules, a stale source map, and tests using node:test.
 * `fragile` adds a test that reads a function's own source text — honest
 * code that obfuscation breaks (renamed parameters), so verification must fail.
 */
import { zipSync } from 'fflate';

/** built in pieces so that tools reading this file do not look for the map themselves */
const MAP_COMMENT = ['//', '# sourceMappingURL=format.mjs.map'].join('');

export function testProjectFiles(opts: { fragile?: boolean } = {}): Record<string, string> {
  const files: Record<string, string> = {
    'package.json': JSON.stringify(
      {
        name: 'price-kit',
        version: '1.2.0',
        main: 'dist/index.js',
        types: 'dist/index.d.ts',
        exports: {
          '.': { types: './dist/index.d.ts', import: './lib/esm.mjs', require: './dist/index.js' },
          './format': './lib/format.mjs',
          './dist/*': './dist/*.js',
          './package.json': './package.json',
        },
        bin: { 'price-kit': 'bin/price-kit.js' },
        scripts: { test: 'node --test' },
        dependencies: { 'tiny-pad': '1.0.0' },
      },
      null,
      2,
    ),
    'tsconfig.json': JSON.stringify({
      compilerOptions: { target: 'ES2020', lib: ['ES2020'], types: [], module: 'commonjs', outDir: 'dist', rootDir: 'src', declaration: true, sourceMap: true, strict: true, esModuleInterop: true },
      include: ['src'],
    }),
    'src/index.ts': `import { padLeft } from 'tiny-pad';
import { applySecretRounding } from './rounding';

/** Sums line totals (price × quantity) and rounds the way accounting wants. */
export function addTotals(lines: { price: number; qty: number }[]): number {
  let subtotalAccumulator = 0;
  for (const line of lines) subtotalAccumulator += line.price * line.qty;
  return applySecretRounding(subtotalAccumulator);
}

export class PriceCalculator {
  private readonly discountPercent: number;
  constructor(discountPercent: number) {
    this.discountPercent = discountPercent;
  }
  total(lines: { price: number; qty: number }[]): number {
    return this.computeSecretDiscount(addTotals(lines));
  }
  private computeSecretDiscount(amount: number): number {
    return applySecretRounding(amount * (100 - this.discountPercent) / 100);
  }
}

export function label(amount: number): string {
  return padLeft(amount.toFixed(2), 10);
}
`,
    'src/rounding.ts': `const ROUNDING_INCREMENT_CENTS = 5;

export function applySecretRounding(amount: number): number {
  const cents = Math.round(amount * 100);
  return (Math.round(cents / ROUNDING_INCREMENT_CENTS) * ROUNDING_INCREMENT_CENTS) / 100;
}
`,
    'lib/format.mjs': `const CURRENCY_SYMBOL_TABLE = { EUR: '€', USD: '$', JPY: '¥' };

export function formatMoney(amount, currency) {
  const symbolForCurrency = CURRENCY_SYMBOL_TABLE[currency] ?? currency + ' ';
  return symbolForCurrency + amount.toFixed(2);
}
${MAP_COMMENT}
`,
    'lib/format.mjs.map': '{"version":3,"sources":["format.src.mjs"],"names":[],"mappings":"AAAA"}',
    'lib/esm.mjs': `import { addTotals, PriceCalculator, label } from '../dist/index.js';
export { formatMoney } from './format.mjs';
export { addTotals, PriceCalculator, label };
`,
    'bin/price-kit.js': `#!/usr/bin/env node
'use strict';
const { addTotals } = require('../dist/index.js');
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log('usage: price-kit PRICE:QTY ...');
  process.exit(0);
}
const lines = args.map((a) => { const [price, qty] = a.split(':').map(Number); return { price, qty }; });
console.log(String(addTotals(lines)));
`,
    'node_modules/tiny-pad/package.json': '{"name":"tiny-pad","version":"1.0.0","main":"index.js"}',
    'node_modules/tiny-pad/index.js': `exports.padLeft = function padLeft(text, width) { var vendoredPadding = ' '; while (text.length < width) text = vendoredPadding + text; return text; };
`,
    'test/price.test.js': `'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { addTotals, PriceCalculator, label } = require('../dist/index.js');

test('sums and rounds to five cents', () => {
  assert.strictEqual(addTotals([{ price: 1.01, qty: 3 }, { price: 2, qty: 1 }]), 5.05);
});
test('applies the discount', () => {
  assert.strictEqual(new PriceCalculator(10).total([{ price: 10, qty: 2 }]), 18);
});
test('pads labels with the vendored dependency', () => {
  assert.strictEqual(label(3.5), '      3.50');
});
test('the ES module entry and the format subpath', async () => {
  const esm = await import('price-kit');
  assert.strictEqual(esm.addTotals([{ price: 2, qty: 2 }]), 4);
  const { formatMoney } = await import('price-kit/format');
  assert.strictEqual(formatMoney(3, 'EUR'), '€3.00');
});
`,
  };
  if (opts.fragile) {
    // a real pattern (e.g. dependency injection by parameter names): it reads the function's source
    files['test/names.test.js'] = `'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { addTotals } = require('../dist/index.js');

test('addTotals takes its lines by parameter name', () => {
  const params = /\\(([^)]*)\\)/.exec(addTotals.toString())[1].split(',').map((p) => p.trim());
  assert.deepStrictEqual(params, ['lines']);
});
`;
  }
  return files;
}

export function buildTestProject(opts: { fragile?: boolean; prefix?: string } = {}): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const [k, v] of Object.entries(testProjectFiles(opts))) entries[(opts.prefix ?? '') + k] = Buffer.from(v, 'utf8');
  return Buffer.from(zipSync(entries));
}
