/**
 * SPDX licence expressions (SPDX spec 2.3 annex D): parsed, each id put in
 * its canonical spelling (the SPDX id list via @cyclonedx/cyclonedx-library,
 * deprecated ids and free-text names via aliases.ts), and expanded into the
 * alternatives a user may choose from (OR of ANDs), which is what a licence
 * policy is judged on. Bounded: declared texts are cut at MAX_TEXT
 * characters, nesting at MAX_DEPTH and the alternatives at MAX_CHOICES.
 */
import { SPDX } from '@cyclonedx/cyclonedx-library';
import { LICENCE_ALIASES, aliasKey } from './aliases.ts';

export const MAX_TEXT = 1_000;
const MAX_DEPTH = 32;
const MAX_CHOICES = 64;

export type LicenceNode = { id: string; exception?: string } | { op: 'AND' | 'OR'; left: LicenceNode; right: LicenceNode };

export interface NormalisedLicence {
  /** As the manifest wrote it (cut at MAX_TEXT). */
  declared: string;
  /** The canonical SPDX expression; absent when some part is not a known licence. */
  expression?: string;
  /** Alternatives: the licensee complies with any one list (each "id" or "id WITH exception"). */
  choices: string[][];
  /** Parts that are neither an SPDX id, a LicenseRef nor a known name. */
  unknown: string[];
}

/** Deprecated SPDX ids and their current form (SPDX License List, "deprecated licence identifiers"). */
const DEPRECATED: Readonly<Record<string, string>> = {
  'GPL-1.0': 'GPL-1.0-only', 'GPL-1.0+': 'GPL-1.0-or-later', 'GPL-2.0': 'GPL-2.0-only', 'GPL-2.0+': 'GPL-2.0-or-later', 'GPL-3.0': 'GPL-3.0-only', 'GPL-3.0+': 'GPL-3.0-or-later',
  'LGPL-2.0': 'LGPL-2.0-only', 'LGPL-2.0+': 'LGPL-2.0-or-later', 'LGPL-2.1': 'LGPL-2.1-only', 'LGPL-2.1+': 'LGPL-2.1-or-later', 'LGPL-3.0': 'LGPL-3.0-only', 'LGPL-3.0+': 'LGPL-3.0-or-later',
  'AGPL-1.0': 'AGPL-1.0-only', 'AGPL-3.0': 'AGPL-3.0-only', 'GFDL-1.1': 'GFDL-1.1-only', 'GFDL-1.2': 'GFDL-1.2-only', 'GFDL-1.3': 'GFDL-1.3-only',
  'GPL-2.0-with-classpath-exception': 'GPL-2.0-only WITH Classpath-exception-2.0', 'eCos-2.0': 'GPL-2.0-or-later WITH eCos-exception-2.0', 'StandardML-NJ': 'SMLNJ', 'wxWindows': 'GPL-2.0-or-later WITH WxWindows-exception-3.1',
};

/** The canonical id of one licence token ("mit" → MIT, GPL-2.0+ → GPL-2.0-or-later, Apache-2.0+ kept with its "+"), or undefined. */
export function canonicalId(token: string): string | undefined {
  if (/^(?:DocumentRef-[A-Za-z0-9.-]+:)?LicenseRef-[A-Za-z0-9.-]+$/.test(token)) return token;
  const direct = SPDX.fixupSpdxId(token);
  if (direct) return DEPRECATED[direct] ?? direct;
  if (!token.endsWith('+')) return undefined;
  const base = SPDX.fixupSpdxId(token.slice(0, -1));
  return base ? (DEPRECATED[`${base}+`] ?? `${base}+`) : undefined;
}

class ParseError extends Error {}

function tokenize(s: string): string[] {
  const out: string[] = [];
  const re = /\s*(\(|\)|[A-Za-z0-9.+:-]+)\s*/y;
  let i = 0;
  while (i < s.length) {
    re.lastIndex = i;
    const m = re.exec(s);
    if (!m) throw new ParseError(`unexpected "${s[i]}"`);
    out.push(m[1]!);
    i = re.lastIndex;
  }
  return out;
}

function parseTokens(tokens: string[]): LicenceNode {
  let pos = 0;
  const peekOp = (): string | undefined => tokens[pos]?.toUpperCase();
  const parseOr = (depth: number): LicenceNode => {
    let left = parseAnd(depth);
    while (peekOp() === 'OR') {
      pos++;
      left = { op: 'OR', left, right: parseAnd(depth) };
    }
    return left;
  };
  const parseAnd = (depth: number): LicenceNode => {
    let left = parseWith(depth);
    while (peekOp() === 'AND') {
      pos++;
      left = { op: 'AND', left, right: parseWith(depth) };
    }
    return left;
  };
  const parseWith = (depth: number): LicenceNode => {
    const t = tokens[pos++];
    if (t === undefined) throw new ParseError('expression ends early');
    if (t === '(') {
      if (depth >= MAX_DEPTH) throw new ParseError(`nested deeper than ${MAX_DEPTH}`);
      const inner = parseOr(depth + 1);
      if (tokens[pos++] !== ')') throw new ParseError('missing ")"');
      return inner;
    }
    if (t === ')' || ['AND', 'OR', 'WITH'].includes(t.toUpperCase())) throw new ParseError(`unexpected "${t}"`);
    if (peekOp() === 'WITH') {
      pos++;
      const ex = tokens[pos++];
      if (!ex || ex === '(' || ex === ')') throw new ParseError('WITH needs an exception id');
      return { id: t, exception: ex };
    }
    return { id: t };
  };
  const node = parseOr(0);
  if (pos !== tokens.length) throw new ParseError(`unexpected "${tokens[pos]}"`);
  return node;
}

function render(n: LicenceNode, parentOp?: string): string {
  if ('id' in n) return n.exception ? `${n.id} WITH ${n.exception}` : n.id;
  const s = `${render(n.left, n.op)} ${n.op} ${render(n.right, n.op)}`;
  return parentOp && parentOp !== n.op ? `(${s})` : s;
}

function choicesOf(n: LicenceNode): string[][] {
  if ('id' in n) return [[n.exception ? `${n.id} WITH ${n.exception}` : n.id]];
  const l = choicesOf(n.left);
  const r = choicesOf(n.right);
  if (n.op === 'OR') return [...l, ...r].slice(0, MAX_CHOICES);
  const out: string[][] = [];
  for (const a of l) for (const b of r) if (out.length < MAX_CHOICES) out.push([...new Set([...a, ...b])]);
  return out;
}

/** Replaces each id of the tree by its canonical form; ids that are not licences are collected. */
function canonicalise(n: LicenceNode, unknown: string[]): LicenceNode {
  if ('op' in n) return { op: n.op, left: canonicalise(n.left, unknown), right: canonicalise(n.right, unknown) };
  const id = canonicalId(n.id);
  if (!id) {
    unknown.push(n.id);
    return n;
  }
  if (id.includes(' WITH ')) {
    const [base, ex] = id.split(' WITH ') as [string, string];
    return { id: base, exception: n.exception ?? ex };
  }
  const ex = n.exception ? (SPDX.fixupSpdxId(n.exception) ?? n.exception) : undefined;
  return ex ? { id, exception: ex } : { id };
}

function fromTree(declared: string, tree: LicenceNode, unknown: string[]): NormalisedLicence {
  return { declared, ...(unknown.length === 0 ? { expression: render(tree) } : {}), choices: choicesOf(tree), unknown };
}

/**
 * Normalises what a manifest declares: an SPDX expression ("(MIT OR
 * Apache-2.0)", "mit", "GPL-2.0+"), a licence name ("The Apache Software
 * License, Version 2.0"), or several of them given as alternatives
 * (`names` from a list: npm's legacy `licenses`, composer's array, several
 * POM <license> entries — all ORed, as those formats mean).
 */
export function normaliseLicence(...names: string[]): NormalisedLicence {
  const parts = names.map((n) => n.trim().slice(0, MAX_TEXT)).filter(Boolean);
  const declared = parts.join(' OR ').slice(0, MAX_TEXT);
  const unknown: string[] = [];
  const trees: LicenceNode[] = [];
  for (const p of parts) {
    const tree = one(p, unknown);
    if (tree) trees.push(tree);
  }
  if (trees.length === 0) return { declared, choices: [], unknown };
  const tree = trees.reduce((a, b) => ({ op: 'OR', left: a, right: b }));
  return fromTree(declared, tree, unknown);
}

function one(text: string, unknown: string[]): LicenceNode | undefined {
  // An SPDX expression first: "GPL-2.0+" must keep its "+", which the name lookup would drop.
  let tree: LicenceNode | undefined;
  const local: string[] = [];
  try {
    tree = canonicalise(parseTokens(tokenize(text)), local);
    if (local.length === 0) return tree;
  } catch {
    tree = undefined;
  }
  const alias = LICENCE_ALIASES[aliasKey(text)];
  if (alias) return parseTokens(tokenize(alias));
  // "MIT/Apache-2.0", "MIT, Apache 2.0", "MIT or apache": alternatives authors write; each part must be known.
  const split = text.split(/\s*(?:\/|,|;|\|)\s*|\s+or\s+/i).filter(Boolean);
  if (split.length > 1 && split.length <= 8) {
    const ids = split.map((s) => LICENCE_ALIASES[aliasKey(s)] ?? canonicalId(s.trim()));
    if (ids.every(Boolean)) return parseTokens(tokenize(ids.map((n) => (n!.includes(' ') ? `(${n})` : n)).join(' OR ')));
  }
  if (tree) {
    unknown.push(...local);
    return tree;
  }
  unknown.push(text);
  return undefined;
}
