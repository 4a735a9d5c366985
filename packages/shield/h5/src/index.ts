/**
 * HTML5 hardening (issue 28): a single HTML file or a zip of a web app; every
 * script obfuscated by strategy (javascript-obfuscator), locks, integrity,
 * minified HTML, no source maps; verified in headless Chromium.
 */
import type { ShieldTypeModule } from '@citadel/shield-core';
import { hardenH5 } from './harden.ts';
import { H5_DEFAULTS, H5_SCHEMA } from './strategy.ts';

export const h5Shield: ShieldTypeModule = {
  type: 'h5',
  title: { 'zh-CN': 'H5 加固', en: 'HTML5 hardening', 'zh-TW': 'H5 加固', ja: 'HTML5 の堅牢化' },
  accept: ['.zip', '.html', '.htm'],
  schema: H5_SCHEMA,
  defaults: H5_DEFAULTS,
  harden: (input, strategy, ctx) => hardenH5(input, strategy, ctx),
};

export { hardenH5, verifyPackages } from './harden.ts';
export { protectPackage } from './protect.ts';
export { readPackage, packageBytes, type WebPackage } from './package-io.ts';
export { H5_SCHEMA, H5_DEFAULTS } from './strategy.ts';
export { buildTestApp } from './test-inputs.ts';
