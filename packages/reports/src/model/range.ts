/**
 * Report ranges (SPEC §2): ALL keeps everything; MAIN keeps the app body's
 * findings and occurrences; SDK keeps third-party SDKs' ones. A finding whose
 * occurrences are split keeps, in each range, only its own occurrences.
 * Which ranges and formats a platform offers is decided here for server and web alike.
 */
import type { Attribution, Evidence, Finding, Platform, ThirdPartySdk } from '@citadel/contracts';
import type { ReportFormat, ReportRange } from './types.ts';

const kindOf = (a: Attribution | undefined): 'main' | 'sdk' | undefined => a?.kind;

/** MAIN and SDK are offered only for Android (SPEC §2). */
export function rangesFor(platform: Platform | string): ReportRange[] {
  return platform === 'android' ? ['ALL', 'MAIN', 'SDK'] : ['ALL'];
}

/** EXCEL is not offered for Source or Web (SPEC §2). */
export function formatsFor(platform: Platform | string): ReportFormat[] {
  return platform === 'source' || platform === 'web' ? ['word', 'pdf'] : ['word', 'pdf', 'excel'];
}

function evidenceOwner(e: Evidence, f: Finding): 'main' | 'sdk' {
  return kindOf(e.attribution) ?? kindOf(f.attribution) ?? 'main';
}

export function filterByRange(findings: readonly Finding[], range: ReportRange): Finding[] {
  if (range === 'ALL') return [...findings];
  const want = range === 'MAIN' ? 'main' : 'sdk';
  const out: Finding[] = [];
  for (const f of findings) {
    const evidence = f.evidence.filter((e) => evidenceOwner(e, f) === want);
    const own = kindOf(f.attribution) === want;
    if (!own && evidence.length === 0) continue;
    out.push({ ...f, evidence, omittedEvidence: own ? f.omittedEvidence : 0, attribution: own ? f.attribution : (evidence[0]?.attribution ?? f.attribution) });
  }
  return out;
}

/** The SDK table of a range: the app body's report lists none. */
export function sdksFor(sdks: readonly ThirdPartySdk[], range: ReportRange): ThirdPartySdk[] {
  return range === 'MAIN' ? [] : [...sdks];
}
