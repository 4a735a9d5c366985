/**
 * The plain syntax tree the analyses walk: a copy of the tree-sitter tree
 * with node type, field name, position and children. Text is sliced from the
 * file's source on demand, so a node costs a few numbers, not a string.
 */
export interface Syn {
  type: string;
  /** Field name in the parent (tree-sitter "fields": name, body, arguments …). */
  field: string | undefined;
  named: boolean;
  start: number;
  end: number;
  /** 0-based row of the first character. */
  row: number;
  children: Syn[];
  parent: Syn | undefined;
}

export interface SourceFile {
  /** Path inside the project, '/'-separated. */
  path: string;
  lang: LanguageId;
  text: string;
}

export const LANGUAGE_IDS = ['java', 'kotlin', 'javascript', 'typescript', 'tsx', 'python', 'go', 'c', 'cpp', 'php', 'objc', 'swift', 'csharp'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];

export function textOf(src: string, n: Syn): string {
  return src.slice(n.start, n.end);
}

export function field(n: Syn, name: string): Syn | undefined {
  for (const c of n.children) if (c.field === name) return c;
  return undefined;
}

export function fields(n: Syn, name: string): Syn[] {
  return n.children.filter((c) => c.field === name);
}

export function namedChildren(n: Syn): Syn[] {
  return n.children.filter((c) => c.named);
}

/** Depth-first walk (iterative, so deep trees cannot overflow the stack). */
export function* walk(root: Syn): Generator<Syn> {
  const stack: Syn[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    yield n;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
}
