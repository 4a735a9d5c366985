/**
 * Syntax trees for source files: tree-sitter grammars (WASM, shipped in the
 * tree-sitter-wasms npm package, loaded by web-tree-sitter; nothing is
 * downloaded at run time) turned into plain JS node trees that the taint
 * interpreter and the call rules walk many times without crossing into WASM.
 */
export * from './syntax.ts';
export * from './parser.ts';
