/**
 * The licence policy of a scan: SPDX ids allowed and denied, passed as the
 * engine parameters `licenceAllowed` / `licenceDenied` (comma-separated; the
 * portal keeps them per customer and passes them with the task, the CLI takes
 * --param). A component is judged on its best alternative: denied when every
 * alternative holds a denied licence, not allowed when an allowed list is
 * given and no alternative is made of allowed licences only. A listed id
 * covers its family: the "+", "-only" / "-or-later" and "WITH exception"
 * forms (GPL-2.0-only denies GPL-2.0-or-later and "GPL-2.0-only WITH
 * Classpath-exception-2.0" unless that exact form is allowed) — an
 * "or later" grant includes the listed version, and a policy about a GPL
 * version is about its obligations, which the suffixes do not change.
 */
import { LICENCE_ALIASES, aliasKey } from './aliases.ts';
import { type NormalisedLicence, canonicalId } from './expression.ts';

export interface LicencePolicy {
  allowed?: ReadonlySet<string>;
  denied: ReadonlySet<string>;
}

export type Verdict = { kind: 'ok' } | { kind: 'denied'; terms: string[] } | { kind: 'not_allowed'; terms: string[] } | { kind: 'undecided' };

const MAX_LIST = 500;

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, MAX_LIST)
    .map((s) => canonicalId(s) ?? LICENCE_ALIASES[aliasKey(s)] ?? s);
}

/** The policy in the params, or undefined when neither list is given. */
export function policyFromParams(params: Readonly<Record<string, string>>): LicencePolicy | undefined {
  const allowed = list(params.licenceAllowed ?? params.licenseAllowed);
  const denied = list(params.licenceDenied ?? params.licenseDenied);
  if (allowed.length === 0 && denied.length === 0) return undefined;
  return { ...(allowed.length ? { allowed: new Set(allowed) } : {}), denied: new Set(denied) };
}

const family = (term: string): string => term.split(' WITH ')[0]!.replace(/\+$/, '').replace(/-(?:only|or-later)$/, '');
const families = new WeakMap<ReadonlySet<string>, Set<string>>();
const listed = (set: ReadonlySet<string>, term: string): boolean => {
  if (set.has(term)) return true;
  let f = families.get(set);
  if (!f) families.set(set, (f = new Set([...set].map(family))));
  return f.has(family(term));
};

export function judge(l: NormalisedLicence, p: LicencePolicy): Verdict {
  // Text that is no licence expression at all cannot be on an allowed list; it cannot be judged denied either.
  if (l.choices.length === 0) return p.allowed && l.declared ? { kind: 'not_allowed', terms: [l.declared.slice(0, 200)] } : { kind: 'undecided' };
  const deniedIn = (c: string[]): string[] => c.filter((t) => !(p.allowed?.has(t) ?? false) && listed(p.denied, t));
  const clean = l.choices.filter((c) => deniedIn(c).length === 0);
  if (clean.length === 0) return { kind: 'denied', terms: [...new Set(l.choices.flatMap(deniedIn))] };
  if (!p.allowed) return { kind: 'ok' };
  const allowed = p.allowed;
  const outside = clean.map((c) => c.filter((t) => !listed(allowed, t)));
  if (outside.some((o) => o.length === 0)) return { kind: 'ok' };
  return { kind: 'not_allowed', terms: [...new Set(outside.flat())] };
}
