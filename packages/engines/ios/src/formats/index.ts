/**
 * Readers of the iOS binary formats the engine assesses, each in its folder:
 * plist/ (XML and bplist00), macho/ (thin and fat images, symbols,
 * protections), codesign/ (embedded signatures and entitlements), objc/
 * (class names, Swift types, strings, methods), arm64/ (the code a call graph
 * needs) and ar/ (static libraries). They take
 * byte buffers and throw FormatError on malformed input, never anything else.
 * test-utils/ holds the writers that build their test inputs.
 */
export * from './plist/index.ts';
export * from './macho/index.ts';
export * from './codesign/index.ts';
export * from './objc/index.ts';
export * from './ar/index.ts';
export * from './arm64/index.ts';
