/**
 * What an image says about the code inside it, for SDK detection and the
 * secret scanner: Objective-C class names, Swift type names and literal
 * strings. All read statically, with bounded counts and lengths.
 */
export { DEFAULT_OBJC_CLASS_LIMITS, demangleObjcSwiftName, readObjcClassNames, type ObjcClassLimits, type ObjcClassNames } from './classes.ts';
export { readSwiftTypeNames, swiftTypeFromSymbol, type SwiftTypeNames } from './swift.ts';
export { cstringsOf, DEFAULT_STRING_LIMITS, extractStrings, type ExtractedString, type ExtractedStrings, type StringLimits } from './strings.ts';
export { imageBase, resolvePointerAddress } from './pointers.ts';
export { ObjcImage, type ObjcMethod } from './methods.ts';
