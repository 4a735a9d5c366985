/**
 * The VEX statements of a run: documents found in the input (vex.json,
 * *.openvex.json, *.vex.cdx.json) and the scan parameter `vex` (the JSON text
 * of one document; the CLI's --vex FILE, the portal's task params). A VEX
 * that cannot be read is listed as an unreadable part — the scan goes on
 * without it, so nothing is suppressed on a document nobody could check.
 */
import type { AssessmentBuilder } from '@citadel/engine-core';
import { ManifestError } from '../model.ts';
import { type VexStatement, isVexName, parseVex } from './vex.ts';

export const VEX_PARAM_LABEL = 'VEX (scan parameter)';

export function readVexStatements(builder: AssessmentBuilder, side: readonly { path: string; bytes: Uint8Array }[]): VexStatement[] {
  const docs = side.filter((f) => isVexName(f.path));
  if (builder.params.vex) docs.push({ path: VEX_PARAM_LABEL, bytes: new TextEncoder().encode(builder.params.vex) });
  const out: VexStatement[] = [];
  for (const d of docs) {
    try {
      out.push(...parseVex(d.path, d.bytes));
    } catch (e) {
      builder.unreadable(d.path, e instanceof ManifestError ? e.message.slice(d.path.length + 2) : (e as Error).message);
    }
  }
  return out;
}
