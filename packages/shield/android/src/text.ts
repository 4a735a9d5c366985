/** Localized texts of this package: zh-CN and en always, zh-TW and ja where given (the core falls back zh-TW→zh-CN, ja→en). */
import { ShieldError, type LocalizedText } from '@citadel/shield-core';

export function t(zh: string, en: string, zhTW?: string, ja?: string): LocalizedText {
  return { 'zh-CN': zh, en, ...(zhTW ? { 'zh-TW': zhTW } : {}), ...(ja ? { ja } : {}) };
}

/** A failure the user sees as the task's fail_msg; `detail` is technical (never a secret). */
export function fail(code: string, zh: string, en: string, detail?: string): never {
  throw new ShieldError(code, t(zh, en), detail);
}
