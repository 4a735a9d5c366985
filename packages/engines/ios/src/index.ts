/**
 * @citadel/engine-ios: the iOS app (IPA) and iOS SDK (framework, xcframework,
 * .a, .dylib) assessment engine. So far: the binary-format readers in formats/.
 */
export * from './formats/index.ts';
