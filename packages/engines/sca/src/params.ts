/**
 * The scan parameters a user gives an SCA task (the portal's create page, the
 * CLI's --param / --vex), checked before the task is queued: the server
 * refuses a licence list with an entry that is no SPDX id (a typo would
 * otherwise silently allow or deny nothing), an id on both lists, and a VEX
 * that is not a readable CycloneDX or OpenVEX document or carries no
 * statement — the same parser the engine applies, so what passes here is what
 * the scan will use.
 */
import { LICENCE_ALIASES, aliasKey } from './licences/aliases.ts';
import { canonicalId } from './licences/expression.ts';
import { ManifestError } from './model.ts';
import { parseVex } from './sbom/vex.ts';

/** The VEX text a task may carry (kept with the task in the database, sent in one request). */
export const MAX_VEX_PARAM_CHARS = 512 * 1024;
/** Entries per licence list and characters per list (the request schema's limit for a parameter). */
export const MAX_LICENCE_ENTRIES = 200;

export type ScaParamProblem =
  | { param: 'licenceAllowed' | 'licenceDenied'; reason: 'unknown_id'; value: string }
  | { param: 'licenceAllowed' | 'licenceDenied'; reason: 'too_many'; value: string }
  | { param: 'licenceDenied'; reason: 'both_lists'; value: string }
  | { param: 'vex'; reason: 'too_large' | 'unreadable' | 'empty'; value: string };

const entries = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The canonical form of one list entry, or undefined when it is no SPDX id, LicenseRef or known licence name. */
export function licenceListId(entry: string): string | undefined {
  return canonicalId(entry) ?? LICENCE_ALIASES[aliasKey(entry)];
}

/** The first problem of the SCA parameters, or undefined when they can be used as given. */
export function checkScaParams(params: Readonly<Record<string, string>>): ScaParamProblem | undefined {
  const lists = { licenceAllowed: params.licenceAllowed ?? params.licenseAllowed, licenceDenied: params.licenceDenied ?? params.licenseDenied } as const;
  const canon: Record<'licenceAllowed' | 'licenceDenied', Set<string>> = { licenceAllowed: new Set(), licenceDenied: new Set() };
  for (const param of ['licenceAllowed', 'licenceDenied'] as const) {
    const list = entries(lists[param]);
    if (list.length > MAX_LICENCE_ENTRIES) return { param, reason: 'too_many', value: String(list.length) };
    for (const e of list) {
      const id = licenceListId(e);
      if (!id) return { param, reason: 'unknown_id', value: e.slice(0, 100) };
      canon[param].add(id);
    }
  }
  for (const id of canon.licenceDenied) if (canon.licenceAllowed.has(id)) return { param: 'licenceDenied', reason: 'both_lists', value: id };
  const vex = params.vex;
  if (vex !== undefined && vex.trim() !== '') {
    if (vex.length > MAX_VEX_PARAM_CHARS) return { param: 'vex', reason: 'too_large', value: String(vex.length) };
    try {
      if (parseVex('vex', new TextEncoder().encode(vex)).length === 0) return { param: 'vex', reason: 'empty', value: '' };
    } catch (e) {
      // The parser's message names what is wrong (not JSON, neither CycloneDX nor OpenVEX …).
      return { param: 'vex', reason: 'unreadable', value: e instanceof ManifestError ? e.message.replace(/^vex: /, '').slice(0, 200) : 'not readable' };
    }
  }
  return undefined;
}
