/**
 * @citadel/engine-miniprogram: WeChat and Alipay mini-program assessment.
 * So far: the format readers.
 */
export * from './formats/index.ts';
