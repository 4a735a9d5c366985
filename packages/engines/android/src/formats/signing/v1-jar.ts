/**
 * APK Signature Scheme v1 (JAR signing): META-INF/MANIFEST.MF digests every
 * entry, each signer's .SF digests the manifest, and the .RSA/.DSA/.EC block
 * (PKCS#7, parsed by the shared ASN.1 code) signs the .SF. Here: which
 * signers exist, their X-Android-APK-Signed header (stripping protection:
 * it names the v2+ schemes the APK was also signed with), whether the .SF
 * digests match the manifest, and a helper to check an entry's digest.
 */
import { createHash } from 'node:crypto';
import { FormatError } from '@citadel/engine-core';
import { digestAttributes, parseJarManifest, type JarManifest } from './jar-manifest.ts';

export interface V1Signer {
  /** Base name, e.g. "CERT". */
  name: string;
  signatureFile: string;
  /** The PKCS#7 block entry, e.g. "META-INF/CERT.RSA", when present. */
  blockFile?: string;
  blockBytes?: Uint8Array;
  /** Scheme ids from X-Android-APK-Signed (e.g. [2, 3]). */
  apkSignedSchemes: number[];
  /** The .SF digest of the whole manifest matches (undefined when the .SF has none). */
  manifestDigestValid?: boolean;
  mainAttributesDigestValid?: boolean;
  /** Per-entry sections of the .SF that match (or fail to match) the manifest's sections. */
  sectionsVerified: number;
  /** Names of the .SF sections that match the manifest's sections. */
  verifiedSections: Set<string>;
  sectionsFailed: string[];
  problems: string[];
}

export interface V1Report {
  /** META-INF holds a manifest and at least one signature file. */
  present: boolean;
  manifest?: JarManifest;
  signers: V1Signer[];
  problems: string[];
}

const BLOCK_EXTENSIONS = ['RSA', 'DSA', 'EC'];

const b64digest = (algorithm: string, data: Uint8Array): string => createHash(algorithm).update(data).digest('base64');

/** True for the META-INF names v1 signing involves, so callers read only those entries. */
export function isV1SignatureEntry(name: string): boolean {
  return /^META-INF\/[^/]+\.(MF|SF|RSA|DSA|EC)$/i.test(name);
}

export function analyzeV1Signature(files: { name: string; bytes: Uint8Array }[]): V1Report {
  const report: V1Report = { present: false, signers: [], problems: [] };
  const byName = new Map(files.map((f) => [f.name, f.bytes]));
  const mf = byName.get('META-INF/MANIFEST.MF');
  if (mf) {
    try {
      report.manifest = parseJarManifest(mf, 'manifest.mf');
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      report.problems.push(e.message);
    }
  }
  for (const f of files) {
    const m = /^META-INF\/([^/]+)\.SF$/i.exec(f.name);
    if (!m) continue;
    const base = m[1]!;
    const signer: V1Signer = { name: base, signatureFile: f.name, apkSignedSchemes: [], sectionsVerified: 0, verifiedSections: new Set(), sectionsFailed: [], problems: [] };
    for (const ext of BLOCK_EXTENSIONS) {
      const blockName = [...byName.keys()].find((n) => n.toUpperCase() === `META-INF/${base}.${ext}`.toUpperCase());
      if (blockName) {
        signer.blockFile = blockName;
        signer.blockBytes = byName.get(blockName)!;
        break;
      }
    }
    if (!signer.blockFile) signer.problems.push('no signature block (.RSA/.DSA/.EC) for this .SF');
    try {
      const sf = parseJarManifest(f.bytes, 'signature-file');
      const signed = sf.main.attributes.get('X-Android-APK-Signed');
      if (signed) signer.apkSignedSchemes = signed.split(',').map((s) => Number.parseInt(s.trim(), 10)).filter((n) => Number.isInteger(n));
      if (report.manifest && mf) checkSignatureFile(sf, report.manifest, mf, signer);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      signer.problems.push(e.message);
    }
    report.signers.push(signer);
  }
  report.present = report.manifest !== undefined && report.signers.length > 0;
  return report;
}

function checkSignatureFile(sf: JarManifest, manifest: JarManifest, manifestBytes: Uint8Array, signer: V1Signer): void {
  const whole = digestAttributes(sf.main, '-Digest-Manifest')[0];
  if (whole) signer.manifestDigestValid = b64digest(whole.algorithm, manifestBytes) === whole.value;
  const main = digestAttributes(sf.main, '-Digest-Manifest-Main-Attributes')[0];
  if (main) signer.mainAttributesDigestValid = b64digest(main.algorithm, manifest.main.raw) === main.value;
  // When the whole-manifest digest matches, the platform skips per-section checks; we still count them.
  for (const [name, section] of sf.entries) {
    const d = digestAttributes(section, '-Digest')[0];
    const target = manifest.entries.get(name);
    if (!d || !target) {
      signer.sectionsFailed.push(name);
      continue;
    }
    if (b64digest(d.algorithm, target.raw) === d.value) {
      signer.sectionsVerified++;
      signer.verifiedSections.add(name);
    } else signer.sectionsFailed.push(name);
  }
}

/**
 * Whether an entry's bytes match its digest in MANIFEST.MF: true / false, or
 * undefined when the manifest does not list it (an unsigned entry).
 */
export function verifyV1EntryDigest(manifest: JarManifest, entryName: string, bytes: Uint8Array): boolean | undefined {
  const section = manifest.entries.get(entryName);
  const d = section ? digestAttributes(section, '-Digest')[0] : undefined;
  if (!d) return undefined;
  return b64digest(d.algorithm, bytes) === d.value;
}
