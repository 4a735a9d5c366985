/**
 * Evidence text: the snippet around a finding with the sink marked ⟦…⟧, and
 * the data-flow path as numbered lines ("1. L12 source: …").
 */
import type { Step } from './taint/value.ts';

const MAX_SNIPPET = 600;

/** The lines holding [start, end) (at most 3), with that span wrapped in ⟦ ⟧. */
export function snippetAt(text: string, start: number, end: number): string {
  const s = text.lastIndexOf('\n', start - 1) + 1;
  let e = text.indexOf('\n', Math.min(end, text.length));
  if (e < 0) e = text.length;
  const lines = text.slice(s, e).split('\n');
  let stop = e;
  if (lines.length > 3) stop = s + lines.slice(0, 3).join('\n').length;
  const sinkEnd = Math.min(end, stop);
  const out = `${text.slice(s, start)}⟦${text.slice(start, sinkEnd)}⟧${text.slice(sinkEnd, stop)}`;
  return out.length > MAX_SNIPPET ? `${out.slice(0, MAX_SNIPPET)}…` : out;
}

const WHAT: Record<Step['what'], string> = { source: 'source', assign: 'assigned', call: 'call', param: 'parameter', return: 'returned' };

/** The path as numbered lines; a step in another file than the evidence's (`file`) names its file. */
export function stepsText(steps: readonly Step[], file?: string): string {
  return ['data flow:', ...steps.map((s, i) => `${i + 1}. ${s.file && s.file !== file ? `${s.file}:` : 'L'}${s.line} ${WHAT[s.what]}: ${s.code}`)].join('\n');
}
