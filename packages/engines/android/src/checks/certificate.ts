/** Signature checks: unsigned, invalid, debug certificate, Janus, weak algorithms, validity. */
import type { Evidence } from '@citadel/contracts';
import type { CertificateInfo } from '@citadel/engine-core';
import { anySignature, type SchemeId } from '../apk/signing.ts';
import type { V1EntryProblemKind } from '../formats/index.ts';
import { type CheckContext, zh } from './context.ts';

export const CERTIFICATE_KEYS = ['certificate.unsigned', 'certificate.signature_invalid', 'certificate.v1_entry_digests', 'certificate.debug_certificate', 'certificate.janus', 'certificate.weak_signature_algorithm', 'certificate.certificate_validity'] as const;
const WEAK = new Set(['md5', 'sha1', 'md2', 'md4']);
/** Evidence rows of v1 entry problems (the finding's detail gives the total). */
const MAX_ENTRY_EVIDENCE = 50;
const ENTRY_PROBLEM_TEXT: Record<V1EntryProblemKind, string> = {
  'digest-mismatch': 'digest mismatch',
  'not-in-manifest': 'not in MANIFEST.MF',
  'missing-entry': 'missing from the archive',
  'no-digest': 'no usable digest',
  unreadable: 'unreadable',
  'not-signed': 'not covered by a .SF',
};

export function certificateEvidence(cert: CertificateInfo, detail: string): Evidence {
  return { file: 'signer certificate', snippet: `subject: ${cert.subject}\nissuer: ${cert.issuer}\nserial: ${cert.serialNumber}\nSHA-256: ${cert.fingerprints.sha256}`, detail };
}

export async function certificateChecks(ctx: CheckContext): Promise<void> {
  const s = ctx.model.signing;
  if (!s) return;
  const schemes = (Object.keys(s.present) as SchemeId[]).filter((k) => s.present[k]);
  const schemeText = schemes.length ? schemes.join(' + ') : 'none';
  const cert = s.certificates[0];
  await ctx.run(CERTIFICATE_KEYS, () => {
    if (!anySignature(s)) ctx.fail('certificate.unsigned', { detail: 'no v1 signature files and no APK Signing Block' });
    for (const scheme of schemes) {
      if (s.verified[scheme] === false) ctx.fail('certificate.signature_invalid', { detail: `${scheme} signature does not verify${s.problems.length ? `: ${s.problems.slice(0, 3).join('; ')}` : ''}` });
    }
    const entryProblems = s.v1Entries?.problems ?? [];
    if (entryProblems.length > 0) {
      const counts = new Map<V1EntryProblemKind, number>();
      for (const p of entryProblems) counts.set(p.kind, (counts.get(p.kind) ?? 0) + 1);
      const summary = [...counts].map(([k, n]) => `${n} ${ENTRY_PROBLEM_TEXT[k]}`).join(', ');
      ctx.fail(
        'certificate.v1_entry_digests',
        entryProblems.slice(0, MAX_ENTRY_EVIDENCE).map((p) => ({ file: p.entry, detail: `${ENTRY_PROBLEM_TEXT[p.kind]}: ${p.detail}` })),
        { summary: zh(`v1 签名与 ${entryProblems.length} 个文件不符（${summary}）`, `v1 signature does not match ${entryProblems.length} entries (${summary})`) },
      );
    }
    if (cert?.isAndroidDebug) ctx.fail('certificate.debug_certificate', { ...certificateEvidence(cert, `signed with the Android debug certificate (${s.certificateScheme})`), fact: { id: 'cert.debug', values: { scheme: String(s.certificateScheme) } } });
    const minSdk = ctx.model.manifest?.info.minSdk;
    const isApk = ctx.model.kind === 'apk' || ctx.model.kind === 'apks' || ctx.model.kind === 'xapk';
    if (isApk && s.present.v1 && !s.present.v2 && !s.present.v3 && !s.present['v3.1'] && minSdk !== undefined && minSdk < 24) {
      ctx.fail('certificate.janus', { detail: `signature schemes: ${schemeText}; minSdkVersion ${minSdk} (< 24): installable on Android 5.0–7.0 where Janus (CVE-2017-13156) applies`, fact: { id: 'cert.janus', values: { schemes: schemeText, minSdk } } }, {
        summary: zh(`仅 v1 签名，minSdkVersion ${minSdk}`, `v1 signature only, minSdkVersion ${minSdk}`),
      });
    }
    if (cert?.signatureHash && WEAK.has(cert.signatureHash)) ctx.fail('certificate.weak_signature_algorithm', certificateEvidence(cert, `certificate signed with ${cert.signatureAlgorithm.name}`));
    const weakV1 = [...new Set(s.v1DigestAlgorithms.filter((a) => WEAK.has(a)))];
    if (weakV1.length > 0) ctx.fail('certificate.weak_signature_algorithm', { file: 'META-INF', detail: `v1 signature uses ${weakV1.join(', ')}`, fact: { id: 'cert.weak_algorithm', values: { scheme: 'v1', algorithm: weakV1.join(', ') } } });
    for (const c of s.certificates) {
      const now = ctx.now.getTime();
      if (Date.parse(c.notAfter) < now) ctx.fail('certificate.certificate_validity', certificateEvidence(c, `expired on ${c.notAfter}`));
      else if (Date.parse(c.notBefore) > now) ctx.fail('certificate.certificate_validity', certificateEvidence(c, `not valid before ${c.notBefore}`));
    }
  });
}
