/**
 * Evidence text: the snippet around a finding with the sink marked ⟦…⟧, and
 * the data-flow path as numbered lines ("1. L12 source: …").
 */
import type { Evidence, FlowStep } from '@citadel/contracts';
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

/** The SARIF region of [start, end): line and 1-based columns (UTF-16 units, SARIF's default column kind). */
export function regionOf(text: string, line: number, start: number, end: number): Pick<Evidence, 'line' | 'column' | 'endLine' | 'endColumn'> {
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  const lineStart = text.lastIndexOf('\n', s - 1) + 1;
  let endLine = line;
  let lastBreak = -1;
  for (let i = text.indexOf('\n', s); i !== -1 && i < e; i = text.indexOf('\n', i + 1)) {
    endLine++;
    lastBreak = i;
  }
  const endColumn = (lastBreak === -1 ? e - lineStart : e - lastBreak - 1) + 1;
  return { line, column: s - lineStart + 1, endLine, endColumn };
}

/** The taint path as flow steps, the sink (the flagged call, its first line) last. */
export function flowOf(steps: readonly Step[], file: string, line: number, text: string, start: number, end: number): FlowStep[] {
  const lineEnd = text.indexOf('\n', start);
  const sink = text.slice(start, Math.min(end, lineEnd === -1 ? text.length : lineEnd)).trim().slice(0, 200);
  return [...steps.map((s) => ({ ...(s.file && s.file !== file ? { file: s.file } : {}), line: s.line, kind: s.what, code: s.code })), { line, kind: 'sink' as const, code: sink }];
}
