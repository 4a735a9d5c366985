/**
 * VEX: statements that a vulnerability does not affect a component (or is
 * fixed in it), from a CycloneDX VEX (vulnerabilities[].analysis with
 * affects[].ref) or an OpenVEX document (statements[] with products /
 * subcomponents). The engine keeps the matching vulnerabilities visible as
 * suppressed, with the statement's state, justification and detail, instead
 * of reporting them under their severity: a VEX is the user's word that was
 * checked by someone, not a fact the scan could see, so it is shown, not
 * applied silently.
 *
 * States that suppress: CycloneDX not_affected, false_positive, resolved,
 * resolved_with_pedigree; OpenVEX not_affected and fixed. Others
 * (exploitable, in_triage, affected, under_investigation) leave the finding.
 */
import { json, obj, arr, str } from '../formats/common.ts';
import { ManifestError } from '../model.ts';
import { packageOfPurl } from './purl.ts';

export const MAX_VEX_BYTES = 16 << 20;
const MAX_STATEMENTS = 100_000;

export interface VexStatement {
  /** Vulnerability id as written (CVE, GHSA, …); matched against all ids of a finding. */
  vulnerability: string;
  /** Component references: purls (a purl without version covers every version) or bom-refs. */
  products: string[];
  state: string;
  justification?: string;
  detail?: string;
  source: string;
}

export interface VexSuppression {
  state: string;
  justification?: string;
  detail?: string;
  source: string;
}

const SUPPRESSING = new Set(['not_affected', 'false_positive', 'resolved', 'resolved_with_pedigree', 'fixed']);

/** vex.json, app.vex.json, app.openvex.json, app.vex.cdx.json. */
export function isVexName(fileName: string): boolean {
  const b = fileName.slice(fileName.lastIndexOf('/') + 1);
  return /^(?:.*[._-])?(?:open)?vex(?:\.cdx)?\.json$/i.test(b);
}

const cut = (s: string | undefined, n = 1000): string | undefined => (s === undefined ? undefined : s.slice(0, n));

/** Statements of one VEX document (CycloneDX or OpenVEX JSON). */
export function parseVex(file: string, bytes: Uint8Array): VexStatement[] {
  if (bytes.length > MAX_VEX_BYTES) throw new ManifestError(file, `${bytes.length} bytes is over the VEX limit of ${MAX_VEX_BYTES}`, 'too_large');
  const doc = json(file, bytes);
  const out: VexStatement[] = [];
  const push = (s: VexStatement): void => {
    if (out.length >= MAX_STATEMENTS) throw new ManifestError(file, `more than ${MAX_STATEMENTS} VEX statements`, 'too_large');
    out.push(s);
  };
  if (doc.bomFormat === 'CycloneDX') {
    for (const raw of arr(doc.vulnerabilities)) {
      const v = obj(raw);
      const a = obj(v.analysis);
      const id = str(v.id);
      const state = str(a.state);
      if (!id || !state) continue;
      const products = arr(v.affects).map((x) => str(obj(x).ref)).filter((x): x is string => !!x);
      push({ vulnerability: id, products, state, ...(str(a.justification) ? { justification: str(a.justification)! } : {}), ...(str(a.detail) ? { detail: cut(str(a.detail))! } : {}), source: file });
    }
    return out;
  }
  if (typeof doc['@context'] === 'string' && doc['@context'].startsWith('https://openvex.dev/ns')) {
    const ref = (x: unknown): string | undefined => (typeof x === 'string' ? x : (str(obj(x)['@id']) ?? str(obj(obj(x).identifiers).purl)));
    for (const raw of arr(doc.statements)) {
      const s = obj(raw);
      const vuln = typeof s.vulnerability === 'string' ? s.vulnerability : str(obj(s.vulnerability).name);
      const state = str(s.status);
      if (!vuln || !state) continue;
      const prods = arr(s.products).map(obj);
      // Subcomponents name the package inside the product the statement is about; without them the product itself.
      const subs = prods.flatMap((p) => arr(p.subcomponents).map(ref));
      const products = (subs.length ? subs : arr(s.products).map(ref)).filter((x): x is string => !!x);
      const detail = str(s.impact_statement) ?? str(s.status_notes) ?? str(s.action_statement);
      push({ vulnerability: vuln, products, state, ...(str(s.justification) ? { justification: str(s.justification)! } : {}), ...(detail ? { detail: cut(detail)! } : {}), source: file });
    }
    return out;
  }
  throw new ManifestError(file, 'not a VEX document (neither CycloneDX with vulnerabilities nor OpenVEX)', 'unsupported');
}

/** "ecosystem|name" and the version of a reference that is a purl; the bom-ref itself otherwise. */
function refKey(ref: string): { key: string; version?: string } {
  const bomLink = ref.startsWith('urn:cdx:') && ref.includes('#') ? decodeURIComponent(ref.slice(ref.indexOf('#') + 1)) : ref;
  const p = bomLink.startsWith('pkg:') ? packageOfPurl(bomLink) : undefined;
  if (p) return { key: `${p.ecosystem}|${p.name.toLowerCase()}`, ...(p.version ? { version: p.version } : {}) };
  return { key: bomLink };
}

/**
 * A lookup from (vulnerability ids, component) to the first suppressing
 * statement that names one of the ids and the component (by bom-ref, by
 * purl with that version, or by a purl without version).
 */
export function vexMatcher(statements: readonly VexStatement[]): (ids: readonly string[], component: { ref: string; ecosystem: string; name: string; version: string }) => VexSuppression | undefined {
  const byId = new Map<string, VexStatement[]>();
  for (const s of statements) {
    if (!SUPPRESSING.has(s.state)) continue;
    const k = s.vulnerability.toUpperCase();
    byId.set(k, [...(byId.get(k) ?? []), s]);
  }
  return (ids, c) => {
    const key = `${c.ecosystem}|${c.name.toLowerCase()}`;
    for (const id of ids) {
      for (const s of byId.get(id.toUpperCase()) ?? []) {
        const hit = s.products.some((p) => {
          if (p === c.ref) return true;
          const r = refKey(p);
          return r.key === key && (r.version === undefined || r.version === c.version);
        });
        if (hit) return { state: s.state, ...(s.justification ? { justification: s.justification } : {}), ...(s.detail ? { detail: s.detail } : {}), source: s.source };
      }
    }
    return undefined;
  };
}

/**
 * OpenVEX justifications → CycloneDX 1.6 analysis justifications (both
 * enumerations from their specs: openvex.dev spec v0.2.0 "Status
 * Justifications", CycloneDX 1.6 impactAnalysisJustification).
 */
const OPENVEX_TO_CDX: Readonly<Record<string, string>> = {
  component_not_present: 'requires_dependency',
  vulnerable_code_not_present: 'code_not_present',
  vulnerable_code_not_in_execute_path: 'code_not_reachable',
  vulnerable_code_cannot_be_controlled_by_adversary: 'requires_environment',
  inline_mitigations_already_exist: 'protected_by_mitigating_control',
};
const CDX_JUSTIFICATIONS = new Set(['code_not_present', 'code_not_reachable', 'requires_configuration', 'requires_dependency', 'requires_environment', 'protected_by_compiler', 'protected_at_runtime', 'protected_at_perimeter', 'protected_by_mitigating_control']);

/** The CycloneDX `analysis` object of a suppression (OpenVEX "fixed" is CycloneDX "resolved"). */
export function cdxAnalysis(s: VexSuppression): Record<string, string> {
  const state = s.state === 'fixed' ? 'resolved' : s.state;
  const j = s.justification ? (OPENVEX_TO_CDX[s.justification] ?? s.justification) : undefined;
  return { state, ...(j && CDX_JUSTIFICATIONS.has(j) ? { justification: j } : {}), ...(s.detail || (j && !CDX_JUSTIFICATIONS.has(j)) ? { detail: [s.detail, j && !CDX_JUSTIFICATIONS.has(j) ? `justification: ${j}` : ''].filter(Boolean).join('; ') } : {}) };
}
