/**
 * The licence part of a run: licences read from the input's side files onto
 * the components, then the checks — unrecognised licences always, the
 * denied / not-allowed checks when the scan carries a policy (params
 * licenceAllowed / licenceDenied); without one they are reported not
 * executed with the reason, never passed.
 */
import type { AssessmentBuilder } from '@citadel/engine-core';
import type { Component } from '../match/match.ts';
import { isVexName } from '../sbom/vex.ts';
import { openZip } from '@citadel/engine-core';
import { type LicenceEntry, isWheelName, readLicences } from './extract.ts';
import { attachLicences } from './index.ts';
import { normaliseLicence } from './expression.ts';
import { judge, policyFromParams } from './policy.ts';

const ID = { denied: 'sca.licence.denied', notAllowed: 'sca.licence.not_allowed', unknown: 'sca.licence.unknown' };

export async function readInputLicences(components: readonly Component[], side: readonly { path: string; bytes: Uint8Array }[]): Promise<void> {
  // Manifests' own fields first (they are listed first), installed copies after.
  const entries: LicenceEntry[] = [];
  for (const f of side) {
    if (isVexName(f.path)) continue;
    entries.push(...(isWheelName(f.path) ? await wheelLicences(f.path, f.bytes) : readLicences(f.path, f.bytes)));
  }
  attachLicences(components, entries);
}

/** The METADATA of a wheel (one *.dist-info folder at its root); a broken wheel gives none. */
async function wheelLicences(path: string, bytes: Uint8Array): Promise<LicenceEntry[]> {
  try {
    const zip = await openZip(bytes, { limits: { maxEntries: 100_000 } });
    try {
      const meta = zip.entries.find((e) => /^[^/]+\.dist-info\/METADATA$/.test(e.name) && !e.encrypted && e.uncompressedSize <= 1 << 20);
      return meta ? readLicences(`${path}!/${meta.name}`, await zip.read(meta)) : [];
    } finally {
      await zip.close();
    }
  } catch {
    return [];
  }
}

export async function applyLicencePolicy(builder: AssessmentBuilder, components: readonly Component[]): Promise<void> {
  const policy = policyFromParams(builder.params);
  const where = (c: Component) => ({ file: c.licence?.source ?? c.files[0], className: c.purl, snippet: `${c.name}@${c.version}` });
  await builder.check(ID.unknown, () => {
    for (const c of components) {
      if (c.licence?.unknown?.length) builder.problem(ID.unknown, { ...where(c), detail: `declared "${c.licence.declared.slice(0, 200)}": not an SPDX licence: ${c.licence.unknown.join(', ').slice(0, 200)}` });
      // With an allowed list, a component declaring nothing cannot be shown to comply.
      else if (!c.licence && policy?.allowed) builder.problem(ID.unknown, { ...where(c), detail: 'no licence is declared in the input for this component' });
    }
  });
  if (!policy) {
    for (const id of [ID.denied, ID.notAllowed]) if (builder.isSelected(id)) builder.notExecuted(id, 'no licence policy given (parameters licenceAllowed / licenceDenied: comma-separated SPDX ids)');
    return;
  }
  await builder.check([ID.denied, ID.notAllowed], () => {
    for (const c of components) {
      if (!c.licence) continue;
      const v = judge(normaliseLicence(c.licence.declared), policy);
      const shown = c.licence.expression ?? c.licence.declared.slice(0, 200);
      // Kept on the component for the result page's licence view (denied / not allowed / fine under this policy).
      c.licence.policy = v.kind === 'denied' || v.kind === 'not_allowed' ? { verdict: v.kind, terms: v.terms } : { verdict: v.kind === 'ok' ? 'ok' : 'undecided', terms: [] };
      if (v.kind === 'denied') builder.finding(ID.denied, { ...where(c), detail: `licence ${shown}: denied ${v.terms.join(', ')}` });
      else if (v.kind === 'not_allowed') builder.finding(ID.notAllowed, { ...where(c), detail: `licence ${shown}: not on the allowed list: ${v.terms.join(', ')}` });
    }
  });
}
