/**
 * What the SCA create form sends: the licence lists and the VEX text as the
 * engine parameters engine-sca reads (licenceAllowed, licenceDenied, vex),
 * and a first look at a chosen VEX file so the form can say at once when it
 * is no VEX (the server reads it fully with the engine's parser).
 */

/** Same bound as the server's (engine-sca params.ts MAX_VEX_PARAM_CHARS). */
export const MAX_VEX_CHARS = 512 * 1024;

/** Suggested in the lists (any SPDX id can be typed): the licences policies most often name. */
export const COMMON_LICENCES = [
  'MIT', 'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause', 'ISC', '0BSD', 'Unlicense', 'CC0-1.0', 'Zlib', 'Python-2.0', 'BlueOak-1.0.0',
  'MPL-2.0', 'EPL-2.0', 'LGPL-2.1-only', 'LGPL-2.1-or-later', 'LGPL-3.0-only', 'LGPL-3.0-or-later',
  'GPL-2.0-only', 'GPL-2.0-or-later', 'GPL-3.0-only', 'GPL-3.0-or-later', 'AGPL-3.0-only', 'AGPL-3.0-or-later', 'SSPL-1.0', 'BUSL-1.1', 'CC-BY-NC-4.0',
] as const;

export interface VexFile {
  name: string;
  text: string;
  format: 'CycloneDX' | 'OpenVEX';
  statements: number;
}

/** Format and statement count of a VEX text, or undefined when it is not JSON of either kind. */
export function vexSummary(text: string): Pick<VexFile, 'format' | 'statements'> | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
  const d = doc as Record<string, unknown>;
  if (d.bomFormat === 'CycloneDX' && Array.isArray(d.vulnerabilities)) return { format: 'CycloneDX', statements: d.vulnerabilities.length };
  if (Array.isArray(d.statements)) return { format: 'OpenVEX', statements: d.statements.length };
  return undefined;
}

/** The task's params: only what was given (an empty list is no policy). */
export function scaParams(allowed: readonly string[], denied: readonly string[], vex?: Pick<VexFile, 'text'>): Record<string, string> {
  const clean = (l: readonly string[]) => [...new Set(l.map((s) => s.trim()).filter(Boolean))].join(',');
  return {
    ...(clean(allowed) ? { licenceAllowed: clean(allowed) } : {}),
    ...(clean(denied) ? { licenceDenied: clean(denied) } : {}),
    ...(vex ? { vex: vex.text } : {}),
  };
}
