/**
 * Third-party SDK detection: the SDK library as data (name, category,
 * Android package prefixes, iOS frameworks and class prefixes) and a matcher
 * from class, package, framework and module names to SDKs, which also gives
 * the MAIN/SDK attribution of code findings.
 */
export * from './types.ts';
export { SDK_LIBRARY } from './library/index.ts';
export * from './matcher.ts';
