/**
 * Back from a compiled WeChat package to the logical project: bundles split
 * into their define()d modules and __wxAppCode__ page data, and the app
 * configuration (pages, sub-packages, privacy declarations, plugins).
 */
export { splitDefineModules, splitWxAppCode, lineIndex, type BundleModule } from './define-modules.ts';
export { readAppConfig, type MiniAppConfig, type MiniSubPackage, type MiniPlugin } from './app-config.ts';
