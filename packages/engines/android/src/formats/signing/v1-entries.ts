/**
 * v1 (JAR) signing, entry by entry, the way apksigner verifies it: every
 * entry that must be signed is listed in META-INF/MANIFEST.MF, each of its
 * digests there matches the entry's uncompressed bytes, every entry the
 * manifest lists exists, and each signer's .SF covers the entry (through the
 * whole-manifest digest or the entry's own section). The digests themselves
 * are computed elsewhere (apk/integrity): here only what to hash and how to
 * judge the results.
 */
import { digestAttributes, type JarManifest } from './jar-manifest.ts';
import type { V1Signer } from './v1-jar.ts';

export type V1EntryProblemKind = 'digest-mismatch' | 'not-in-manifest' | 'missing-entry' | 'no-digest' | 'unreadable' | 'not-signed';

export interface V1EntryProblem {
  entry: string;
  kind: V1EntryProblemKind;
  detail: string;
}

export interface V1EntryReport {
  /** Entries whose digests were compared. */
  checked: number;
  problems: V1EntryProblem[];
}

/** An entry's digests as computed (base64 by node:crypto algorithm name), or why it could not be read. */
export type ComputedEntryDigests = { digests: Record<string, string>; error?: undefined } | { error: string; digests?: undefined };

const SIGNATURE_FILE = /^(?:manifest\.mf|[^/]*\.(?:sf|rsa|dsa|ec)|sig-[^/]*)$/i;

/**
 * Whether MANIFEST.MF must list the entry (apksigner's rule, not the JAR
 * specification's): everything but directories and the signature files at
 * the top of META-INF (MANIFEST.MF, *.SF, *.RSA, *.DSA, *.EC, SIG-*).
 */
export function needsManifestDigest(name: string): boolean {
  if (name.endsWith('/')) return false;
  if (!name.startsWith('META-INF/')) return true;
  const rest = name.slice('META-INF/'.length);
  return rest.includes('/') || !SIGNATURE_FILE.test(rest);
}

/** The entries to hash and with which algorithms: each listed entry present in the archive, once. */
export function v1DigestRequests(manifest: JarManifest, entryNames: readonly string[]): { name: string; algorithms: string[] }[] {
  const out: { name: string; algorithms: string[] }[] = [];
  const seen = new Set<string>();
  for (const name of entryNames) {
    if (seen.has(name) || !needsManifestDigest(name)) continue;
    seen.add(name);
    const section = manifest.entries.get(name);
    const algorithms = section ? [...new Set(digestAttributes(section, '-Digest').map((d) => d.algorithm))] : [];
    if (algorithms.length > 0) out.push({ name, algorithms });
  }
  return out;
}

/** Judges the computed digests against the manifest and the signers' .SF files. */
export function checkV1Entries(manifest: JarManifest, signers: readonly V1Signer[], entryNames: readonly string[], computed: ReadonlyMap<string, ComputedEntryDigests>): V1EntryReport {
  const report: V1EntryReport = { checked: 0, problems: [] };
  const add = (entry: string, kind: V1EntryProblemKind, detail: string): void => void report.problems.push({ entry, kind, detail });
  const present = new Set(entryNames);
  const seen = new Set<string>();
  for (const name of entryNames) {
    if (seen.has(name) || !needsManifestDigest(name)) continue;
    seen.add(name);
    const section = manifest.entries.get(name);
    if (!section) {
      add(name, 'not-in-manifest', 'not listed in META-INF/MANIFEST.MF: added after signing, or not protected by the v1 signature');
      continue;
    }
    const expected = digestAttributes(section, '-Digest');
    if (expected.length === 0) {
      add(name, 'no-digest', 'MANIFEST.MF lists it without a digest of a known algorithm');
      continue;
    }
    const got = computed.get(name);
    if (!got) continue;
    if (got.error !== undefined) {
      add(name, 'unreadable', `could not be read to check its digest: ${got.error}`);
      continue;
    }
    report.checked++;
    for (const d of expected) {
      const actual = got.digests[d.algorithm];
      if (actual !== undefined && actual !== d.value) add(name, 'digest-mismatch', `${d.algorithm} digest ${actual} does not match ${d.value} in MANIFEST.MF: the entry changed after signing`);
    }
    for (const s of signers) {
      if (s.manifestDigestValid === true || s.verifiedSections.has(name)) continue;
      add(name, 'not-signed', `not covered by ${s.signatureFile}: neither its whole-manifest digest nor a section for this entry verifies`);
    }
  }
  for (const name of manifest.entries.keys()) {
    if (!present.has(name)) add(name, 'missing-entry', 'listed in MANIFEST.MF but not in the archive: removed after signing');
  }
  return report;
}
