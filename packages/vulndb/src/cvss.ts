/**
 * CVSS v3.0/v3.1 base score from a vector (first.org/cvss/v3.1/specification-document
 * §7.1 and Appendix A's Roundup). OSV records carry only the vector; the score and
 * its level are what reports sort by. v4 vectors are kept but not scored here
 * (their score needs the macro-vector tables); their level comes from the source.
 */
import type { SeverityLevel } from './model.ts';

const W = {
  AV: { N: 0.85, A: 0.62, L: 0.55, P: 0.2 },
  AC: { L: 0.77, H: 0.44 },
  UI: { N: 0.85, R: 0.62 },
  C: { H: 0.56, L: 0.22, N: 0 },
} as const;

function roundup(x: number): number {
  const i = Math.round(x * 100000);
  return i % 10000 === 0 ? i / 100000 : (Math.floor(i / 10000) + 1) / 10;
}

export function cvss3BaseScore(vector: string): number | undefined {
  if (!/^CVSS:3\.[01]\//.test(vector)) return undefined;
  const m: Record<string, string> = {};
  for (const part of vector.split('/').slice(1)) {
    const [k, v] = part.split(':');
    if (k && v) m[k] = v;
  }
  const av = W.AV[m.AV as keyof typeof W.AV];
  const ac = W.AC[m.AC as keyof typeof W.AC];
  const ui = W.UI[m.UI as keyof typeof W.UI];
  const c = W.C[m.C as keyof typeof W.C];
  const i = W.C[m.I as keyof typeof W.C];
  const a = W.C[m.A as keyof typeof W.C];
  const s = m.S;
  if (av === undefined || ac === undefined || ui === undefined || c === undefined || i === undefined || a === undefined || (s !== 'U' && s !== 'C')) return undefined;
  const pr = m.PR === 'N' ? 0.85 : m.PR === 'L' ? (s === 'C' ? 0.68 : 0.62) : m.PR === 'H' ? (s === 'C' ? 0.5 : 0.27) : undefined;
  if (pr === undefined) return undefined;
  const iss = 1 - (1 - c) * (1 - i) * (1 - a);
  const impact = s === 'U' ? 6.42 * iss : 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15;
  const exploitability = 8.22 * av * ac * pr * ui;
  if (impact <= 0) return 0;
  return s === 'U' ? roundup(Math.min(impact + exploitability, 10)) : roundup(Math.min(1.08 * (impact + exploitability), 10));
}

/** CVSS v3 qualitative rating (specification §5). */
export function levelOfScore(score: number): SeverityLevel {
  return score === 0 ? 'none' : score < 4 ? 'low' : score < 7 ? 'medium' : score < 9 ? 'high' : 'critical';
}
