/**
 * Source hardening (issue 28): a JavaScript/TypeScript (Node.js) project as a
 * zip; TypeScript compiled with the project's tsconfig, every own script
 * obfuscated for Node by strategy, entry points kept, source maps removed;
 * verified by loading every entry point and running the project's test
 * command on the original build and the protected copy in a sandbox.
 */
import type { ShieldTypeModule } from '@citadel/shield-core';
import { SOURCE_DEFAULTS, SOURCE_SCHEMA } from './strategy.ts';

export const sourceShield: ShieldTypeModule = {
  type: 'source',
  title: { 'zh-CN': '源代码加固', en: 'Source hardening', 'zh-TW': '原始碼加固', ja: 'ソースコードの堅牢化' },
  accept: ['.zip'],
  schema: SOURCE_SCHEMA,
  defaults: SOURCE_DEFAULTS,
  // loaded on first use: the compiler and the obfuscator take seconds to import, and the portal's
  // job process registers every type while running one
  harden: async (input, strategy, ctx) => (await import('./harden.ts')).hardenSource(input, strategy, ctx),
};

export { packageEntries, type Entry } from './entries.ts';
export { SUPPORTED_LANGUAGES } from './languages.ts';
export { SOURCE_SCHEMA, SOURCE_DEFAULTS } from './strategy.ts';
export { buildTestProject, testProjectFiles } from './test-inputs.ts';
