/**
 * Loads web-tree-sitter and the grammars once per process and parses a file
 * into a plain Syn tree. Grammar WASM files come from the tree-sitter-wasms
 * package (built with tree-sitter-cli 0.20, ABI-compatible with
 * web-tree-sitter 0.22.6, the version pinned in package.json).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import Parser from 'web-tree-sitter';
import type { LanguageId, Syn } from './syntax.ts';

const require = createRequire(import.meta.url);
/** Grammar file per language (tsx is its own grammar in tree-sitter-typescript). */
const GRAMMAR_FILE: Record<LanguageId, string> = {
  java: 'java', kotlin: 'kotlin', javascript: 'javascript', typescript: 'typescript', tsx: 'tsx', python: 'python',
  go: 'go', c: 'c', cpp: 'cpp', php: 'php', objc: 'objc', swift: 'swift', csharp: 'c_sharp',
};
/** Trees deeper than this are cut (their deeper nodes dropped) so walks stay bounded. */
export const MAX_TREE_DEPTH = 400;
/** Parsing one file may take at most this long (tree-sitter's own timeout) before it is reported unreadable. */
const PARSE_TIMEOUT_MICROS = 20_000_000;

let initialised: Promise<void> | undefined;
const languages = new Map<LanguageId, Promise<Parser.Language>>();
const parsers = new Map<LanguageId, Parser>();

function grammarPath(lang: LanguageId): string {
  const pkg = path.dirname(require.resolve('tree-sitter-wasms/package.json'));
  return path.join(pkg, 'out', `tree-sitter-${GRAMMAR_FILE[lang]}.wasm`);
}

async function parserFor(lang: LanguageId): Promise<Parser> {
  initialised ??= Parser.init();
  await initialised;
  let p = parsers.get(lang);
  if (p) return p;
  let l = languages.get(lang);
  if (!l) {
    l = Parser.Language.load(grammarPath(lang));
    languages.set(lang, l);
  }
  const language = await l;
  p = parsers.get(lang);
  if (p) return p;
  p = new Parser();
  p.setLanguage(language);
  p.setTimeoutMicros(PARSE_TIMEOUT_MICROS);
  parsers.set(lang, p);
  return p;
}

export interface ParseResult {
  root: Syn;
  /** Share of the tree that is ERROR / MISSING nodes (0..1): high means the grammar did not fit. */
  errorShare: number;
}

/** Parses `text`; undefined when tree-sitter gave up (timeout). */
export async function parseSource(lang: LanguageId, text: string): Promise<ParseResult | undefined> {
  return parseWith(await parserFor(lang), text);
}

/** Loads the grammars of these languages, so parseLoaded can parse them synchronously. */
export async function loadParsers(langs: Iterable<LanguageId>): Promise<void> {
  for (const l of new Set(langs)) await parserFor(l);
}

/** Parses with a grammar loaded before (loadParsers); undefined when it was not loaded or tree-sitter gave up. */
export function parseLoaded(lang: LanguageId, text: string): ParseResult | undefined {
  const parser = parsers.get(lang);
  return parser ? parseWith(parser, text) : undefined;
}

function parseWith(parser: Parser, text: string): ParseResult | undefined {
  let tree: Parser.Tree | undefined;
  try {
    tree = parser.parse(text);
  } catch {
    parser.reset();
    return undefined;
  }
  if (!tree) return undefined;
  try {
    return copyTree(tree);
  } finally {
    tree.delete();
  }
}

/** Copies the tree with a cursor (one WASM call per step, no node objects). */
function copyTree(tree: Parser.Tree): ParseResult {
  const cursor = tree.walk();
  const rootNode: Syn = mk(cursor, undefined);
  let errors = 0;
  let total = 1;
  let current = rootNode;
  let depth = 0;
  try {
    for (;;) {
      if (depth < MAX_TREE_DEPTH && cursor.gotoFirstChild()) {
        depth++;
        const child = mk(cursor, current);
        current.children.push(child);
        current = child;
        total++;
        if (child.type === 'ERROR' || cursor.nodeIsMissing) errors++;
        continue;
      }
      for (;;) {
        if (depth === 0) return { root: rootNode, errorShare: errors / total };
        if (cursor.gotoNextSibling()) {
          const parent = current.parent!;
          const sib = mk(cursor, parent);
          parent.children.push(sib);
          current = sib;
          total++;
          if (sib.type === 'ERROR') errors++;
          break;
        }
        cursor.gotoParent();
        depth--;
        current = current.parent!;
      }
    }
  } finally {
    cursor.delete();
  }
}

function mk(c: Parser.TreeCursor, parent: Syn | undefined): Syn {
  return {
    type: c.nodeType,
    field: c.currentFieldName ?? undefined,
    named: c.nodeIsNamed,
    start: c.startIndex,
    end: c.endIndex,
    row: c.startPosition.row,
    children: [],
    parent,
  };
}
