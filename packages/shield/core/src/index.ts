/** Hardening (shield) core: the interface a hardening type implements, its registry and strategy validation. */
export * from './types.ts';
export * from './strategy.ts';
export * from './registry.ts';
export { localize } from './text.ts';
export * from './obfuscation.ts';
