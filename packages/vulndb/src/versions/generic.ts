/**
 * The fallback ordering, also used for CPE versions (NVD ranges carry upstream
 * version strings such as "1.0.2k", "1.24.2", "2.6.32-rc1", "1.01"): split into
 * runs of digits and of letters; numbers compare numerically, missing numeric
 * parts count as 0 ("1.01" = "1.1.0"); a letter run directly after a number is a
 * later patch letter ("1.0.2k" > "1.0.2") unless it is a pre-release word
 * (alpha, beta, pre, rc, dev …), which sorts before the bare number.
 */
import { compareDigits, compareStrings, memo, type VersionScheme } from './types.ts';

type Token = { n: string } | { s: string };

// Single letters are not here: in CPE versions they are patch letters (OpenSSL 1.0.2a > 1.0.2).
const PRE_WORDS = new Set(['dev', 'snapshot', 'alpha', 'beta', 'pre', 'preview', 'rc', 'cr', 'milestone']);
const PRE_RANK: Record<string, number> = { dev: 0, snapshot: 0, alpha: 1, beta: 2, milestone: 3, pre: 4, preview: 4, rc: 5, cr: 5 };

export function tokenize(v: string): Token[] {
  const out: Token[] = [];
  const re = /(\d+)|([a-z]+)/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(v)) !== null) out.push(m[1] !== undefined ? { n: m[1] } : { s: m[2]!.toLowerCase() });
  return out;
}

function isPre(t: Token | undefined): boolean {
  return t !== undefined && 's' in t && PRE_WORDS.has(t.s);
}

const tokensOf = memo((v: string) => tokenize(v.trim().replace(/^v(?=\d)/i, '')));

export function compareGeneric(a: string, b: string): number {
  const x = tokensOf(a);
  const y = tokensOf(b);
  const len = Math.max(x.length, y.length);
  for (let i = 0; i < len; i++) {
    const p = x[i];
    const q = y[i];
    if (p === undefined || q === undefined) {
      const rest = p ?? q!;
      // The longer side: a pre-release word makes it smaller, a zero number equal, anything else larger.
      let r: number;
      if (isPre(rest)) r = -1;
      else if ('n' in rest) {
        const more = (p === undefined ? y : x).slice(i);
        r = more.every((t) => 'n' in t && /^0+$/.test(t.n)) ? 0 : 1;
        if (r === 0) return 0;
      } else r = 1;
      return p === undefined ? -r : r;
    }
    if ('n' in p && 'n' in q) {
      const c = compareDigits(p.n, q.n);
      if (c !== 0) return c;
    } else if ('s' in p && 's' in q) {
      if (p.s !== q.s) {
        const rp = PRE_RANK[p.s];
        const rq = PRE_RANK[q.s];
        if (rp !== undefined && rq !== undefined) return rp < rq ? -1 : rp > rq ? 1 : 0;
        if (rp !== undefined) return -1;
        if (rq !== undefined) return 1;
        return compareStrings(p.s, q.s);
      }
    } else {
      // number vs word at the same place: a pre-release word is below, any other word above the number.
      const word = ('s' in p ? p : q) as { s: string };
      const wordSmaller = PRE_WORDS.has(word.s);
      const pIsWord = 's' in p;
      return pIsWord === wordSmaller ? -1 : 1;
    }
  }
  return 0;
}

export const generic: VersionScheme = {
  name: 'generic',
  compare: compareGeneric,
  valid: (v) => /\d/.test(v),
};
