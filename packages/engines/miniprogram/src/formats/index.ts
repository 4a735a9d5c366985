/**
 * Readers of mini-program packages: WeChat .wxapkg (plain and PC-encrypted),
 * the bundles inside them split back into modules, the app configuration,
 * and Alipay package layouts and project files.
 */
export * from './wxapkg/index.ts';
export * from './unpack/index.ts';
export * from './alipay/index.ts';
export { readJsonRecord, Picker, type JsonRecord } from './json/index.ts';
