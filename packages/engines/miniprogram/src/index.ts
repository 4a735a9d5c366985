/**
 * @citadel/engine-miniprogram: the WeChat (.wxapkg, plain or PC-encrypted)
 * and Alipay (.amr / zip / tar) mini-program assessment engine. `engine` is
 * what the CLI and the workers load; the catalogue, the project model and
 * the format readers are exported for reports, tests and tools.
 */
export * from './formats/index.ts';
export { MiniProgramEngine, ENGINE_VERSION, engine } from './engine.ts';
export { MINIPROGRAM_CATALOGUE, MINIPROGRAM_ITEM_KEYS, ruleId } from './catalogue/index.ts';
export { openProject, detectInput, type InputKind } from './project/open-project.ts';
export type { MiniProject, ProjectFile, PackageInfo, MiniPlatform } from './project/model.ts';
export { tokenize, stringValue, type TokenKind } from './js/tokenizer.ts';
export { scanJs, type JsFacts, type CallSite } from './js/scan.ts';
export { LIBRARY_BANNERS, findLibraries } from './checks/libraries.ts';
export { WECHAT_PRIVACY_APIS, ALIPAY_PRIVACY_APIS } from './checks/privacy-apis.ts';
