/**
 * Signing checks per module, offline: a signing block at all, whether it
 * verifies (package digest, signer and profile signatures, chain), the profile's
 * type, APL, validity and bundle name, the public OpenHarmony test chain,
 * and the signer certificate's algorithm and key size.
 */
import type { Evidence } from '@citadel/contracts';
import type { CertificateInfo } from '@citadel/engine-core';
import type { HapSignatureInfo } from '../formats/index.ts';
import { appFacts } from '../hap/model.ts';
import type { CheckContext } from './context.ts';

export const SIGNING_KEYS = ['signing.unsigned', 'signing.signature_invalid', 'signing.debug_profile', 'signing.apl_elevated', 'signing.profile_validity', 'signing.bundle_mismatch', 'signing.test_certificate', 'signing.weak_signature_algorithm'] as const;

/** Names of the public test CA and certificates shipped with the OpenHarmony SDK (hapsigntool's OpenHarmony.p12). */
const TEST_CHAIN = /CN=OpenHarmony Application (?:Root CA|CA|Profile (?:Release|Debug))\b|CN=OpenHarmony Software Signature\b/;
const WEAK_HASH = /md5|sha1(?!\d)|sha-1/i;

export async function signingChecks(c: CheckContext): Promise<void> {
  await c.run(SIGNING_KEYS, () => {
    const nowSec = c.now.getTime() / 1000;
    for (const m of c.modules) {
      const block = `${m.prefix}(signing block)`;
      const sig = m.signature;
      if (!sig) {
        if (!m.signatureError) c.fail('signing.unsigned', { file: m.prefix || m.name, detail: 'no HAP signing block before the central directory' });
        continue;
      }
      verificationFindings(c, block, sig);
      const p = sig.profile;
      if (p?.type === 'debug') c.fail('signing.debug_profile', { file: block, snippet: '"type": "debug"', detail: `debug profile${p.debugInfo ? ` for ${p.debugInfo.deviceIds.length} device(s)` : ''}` });
      if (p?.bundleInfo.apl && p.bundleInfo.apl !== 'normal') c.fail('signing.apl_elevated', { file: block, snippet: `"apl": "${p.bundleInfo.apl}"`, detail: `profile apl ${p.bundleInfo.apl}${p.allowedAcls.length ? `, allowed-acls: ${p.allowedAcls.slice(0, 10).join(', ')}` : ''}` });
      const v = p?.validity;
      if (v?.notAfter !== undefined && v.notAfter < nowSec) c.fail('signing.profile_validity', { file: block, detail: `profile expired on ${isoSeconds(v.notAfter)}`, fact: { id: 'profile.expired', values: { date: isoSeconds(v.notAfter) } } });
      if (v?.notBefore !== undefined && v.notBefore > nowSec) c.fail('signing.profile_validity', { file: block, detail: `profile not valid before ${isoSeconds(v.notBefore)}` });
      if (sig.signer) {
        const nb = Date.parse(sig.signer.notBefore);
        const na = Date.parse(sig.signer.notAfter);
        if (na < c.now.getTime()) c.fail('signing.profile_validity', { ...certEvidence(block, sig.signer), detail: `signer certificate expired on ${sig.signer.notAfter}`, fact: { id: 'cert.expired', values: { date: String(sig.signer.notAfter), subject: sig.signer.subject } } });
        if (nb > c.now.getTime()) c.fail('signing.profile_validity', { ...certEvidence(block, sig.signer), detail: `signer certificate not valid before ${sig.signer.notBefore}` });
      }
      const bundle = appFacts(m).bundleName;
      if (p?.bundleInfo.bundleName && bundle && p.bundleInfo.bundleName !== bundle) c.fail('signing.bundle_mismatch', { file: block, snippet: p.bundleInfo.bundleName, detail: `profile bundle-name ${p.bundleInfo.bundleName}, app bundleName ${bundle}` });
      const chain = [...sig.signatureCertificates, ...sig.profileCertificates];
      const test = chain.find((cert) => TEST_CHAIN.test(cert.subject) || TEST_CHAIN.test(cert.issuer));
      if (test) c.fail('signing.test_certificate', { ...certEvidence(block, sig.signer ?? test), detail: `chain of the public OpenHarmony test CA: ${(TEST_CHAIN.exec(test.issuer) ?? TEST_CHAIN.exec(test.subject))![0]}`, fact: { id: 'cert.test_ca', values: { subject: (TEST_CHAIN.exec(test.issuer) ?? TEST_CHAIN.exec(test.subject))![0] } } });
      if (sig.signer) {
        const s = sig.signer;
        const hash = s.signatureHash ?? s.signatureAlgorithm.name;
        if (WEAK_HASH.test(hash)) c.fail('signing.weak_signature_algorithm', { ...certEvidence(block, s), detail: `signature algorithm ${s.signatureAlgorithm.name}` });
        if (s.publicKey.algorithm === 'rsa' && (s.publicKey.bits ?? 0) < 2048) c.fail('signing.weak_signature_algorithm', { ...certEvidence(block, s), detail: `RSA key of ${s.publicKey.bits} bits` });
      }
    }
  });
}

function verificationFindings(c: CheckContext, file: string, sig: HapSignatureInfo): void {
  const v = sig.verification;
  if (v.status === 'tampered') {
    c.fail('signing.signature_invalid', { file, snippet: v.contentDigestMatches === false ? `${v.digestAlgorithm} content digest differs` : 'signer signature fails', detail: v.reason ?? 'signature does not verify' });
  }
  if (v.profileSignature?.valid === false) c.fail('signing.signature_invalid', { file, snippet: 'profile PKCS#7', detail: `profile signature does not verify: ${v.profileSignature.reason ?? 'signature mismatch'}` });
  if (v.signerMatchesProfile === false) {
    c.fail('signing.signature_invalid', { file, snippet: sig.signer ? `subject ${sig.signer.subject}` : 'signer', detail: `the signer certificate is not the ${sig.profile?.type === 'release' ? 'distribution' : 'development'} certificate the profile was issued for: re-signed with another key` });
  }
  for (const link of v.chain) {
    if (link.valid === false) c.fail('signing.signature_invalid', { file, snippet: `subject ${link.subject}; issuer ${link.issuer}`, detail: 'certificate not signed by its issuer\'s key in the block' });
  }
}

function certEvidence(file: string, cert: CertificateInfo): Evidence {
  return { file, snippet: `subject ${cert.subject}; issuer ${cert.issuer}` };
}

function isoSeconds(s: number): string {
  const d = new Date(s * 1000);
  return Number.isNaN(d.getTime()) ? String(s) : d.toISOString();
}
