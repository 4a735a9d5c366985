/**
 * META-INF/MANIFEST.MF of a JAR without pom.properties (built by Gradle, Ant,
 * bnd…). JAR File Specification: "Name: value" headers, lines wrapped at 72
 * bytes with a single-space continuation, the main section up to the first
 * blank line. The Maven coordinates are reconstructed when the manifest says
 * enough:
 * - groupId: Implementation-Vendor-Id (Maven's archiver writes the groupId
 *   there), else the OSGi Bundle-SymbolicName with the artifactId removed
 *   (maven-bundle-plugin's convention: symbolic name = groupId + "." +
 *   artifactId, or the groupId alone when it ends with the artifactId);
 * - artifactId: the file name without its version, else Implementation-Title
 *   when it is a plain identifier;
 * - version: Implementation-Version, else Bundle-Version (OSGi's
 *   "1.2.3.qualifier" kept as written), else the one in the file name.
 * When the group cannot be told, the artifact is reported as a note, not as
 * a guessed component.
 */
import { text } from './common.ts';

export function readManifestHeaders(file: string, bytes: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  let last: string | undefined;
  for (const line of text(file, bytes).split(/\r?\n|\r/)) {
    if (line === '') break; // end of the main section
    if (line.startsWith(' ') && last) out[last] += line.slice(1);
    else {
      const i = line.indexOf(':');
      if (i <= 0) continue;
      last = line.slice(0, i).trim();
      out[last] = line.slice(i + 1).replace(/^ /, '');
    }
  }
  return out;
}

/**
 * The groupId behind an OSGi symbolic name made by maven-bundle-plugin's
 * default rules (its documentation, "Default Behavior"), inverted:
 * group.artifact → group (also what a group ending in the artifactId gives:
 * "org.apache.maven" for maven is read as org.apache — the two are
 * indistinguishable); an artifactId starting with the group's last segment ("maven-core" in
 * org.apache.maven) → group + "." + the rest.
 */
export function groupFromSymbolicName(bsn: string, artifactId: string): string | undefined {
  if (bsn.endsWith(`.${artifactId}`)) return bsn.slice(0, -artifactId.length - 1);
  const parts = bsn.split('.');
  for (let i = parts.length - 1; i >= 1; i--) {
    const group = parts.slice(0, i).join('.');
    const rest = parts.slice(i).join('.');
    const last = parts[i - 1]!;
    if ([`${last}-${rest}`, `${last}.${rest}`, `${last}${rest}`].includes(artifactId)) return group;
  }
  return undefined;
}

export type JarIdentity = { groupId: string; artifactId: string; version: string } | { note: string };

/** "commons-lang3-3.12.0.jar" → ["commons-lang3", "3.12.0"]. */
export function splitJarName(base: string): [string, string | undefined] {
  const stem = base.replace(/\.(?:jar|war|ear)$/i, '');
  const m = /^(.+?)-(\d[\w.+-]*)$/.exec(stem);
  return m ? [m[1]!, m[2]!] : [stem, undefined];
}

export function jarIdentityFromManifest(label: string, bytes: Uint8Array, archiveName: string): JarIdentity | undefined {
  const h = readManifestHeaders(label, bytes);
  const [fromName, nameVersion] = splitJarName(archiveName.slice(archiveName.lastIndexOf('/') + 1));
  const title = h['Implementation-Title']?.trim();
  const bsn = h['Bundle-SymbolicName']?.split(';')[0]!.trim();
  // A manifest with no identifying header (only Manifest-Version, Created-By…) says nothing to report.
  if (!title && !bsn && !h['Implementation-Version'] && !h['Bundle-Version']) return undefined;
  const version = (h['Implementation-Version'] ?? h['Bundle-Version'] ?? nameVersion)?.trim();
  const artifactId = nameVersion ? fromName : title && /^[\w.-]+$/.test(title) ? title : fromName;
  if (!version || !artifactId) return undefined;
  let groupId = h['Implementation-Vendor-Id']?.trim();
  if (!groupId && bsn) groupId = groupFromSymbolicName(bsn, artifactId);
  if (!groupId || !/^[\w.-]+$/.test(groupId)) return { note: `${label}: MANIFEST names ${artifactId} ${version} but not its Maven group, not matched` };
  return { groupId, artifactId, version };
}
