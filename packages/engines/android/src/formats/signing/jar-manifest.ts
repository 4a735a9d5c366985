/**
 * JAR manifest syntax (META-INF/MANIFEST.MF and the *.SF signature files):
 * sections of "Name: value" lines, 72-byte lines continued by a leading
 * space, sections separated by a blank line. Each section keeps its raw bytes
 * because the .SF file signs the manifest's sections byte for byte.
 */
import { FormatError } from '@citadel/engine-core';

export interface ManifestSection {
  attributes: Map<string, string>;
  /** The section's bytes including its terminating blank line. */
  raw: Uint8Array;
}

export interface JarManifest {
  main: ManifestSection;
  /** Per-entry sections by their Name attribute. */
  entries: Map<string, ManifestSection>;
  /** Duplicate Name sections and other oddities. */
  warnings: string[];
}

const MAX_BYTES = 64 << 20;
const MAX_SECTIONS = 1_000_000;
const utf8 = new TextDecoder('utf-8', { fatal: false });

export function parseJarManifest(bytes: Uint8Array, format = 'jar-manifest'): JarManifest {
  if (bytes.length > MAX_BYTES) throw new FormatError(`manifest of ${bytes.length} bytes over the limit`, format);
  const sections: ManifestSection[] = [];
  const warnings: string[] = [];
  let sectionStart = 0;
  let lines: string[] = [];
  let p = 0;
  const flush = (end: number): void => {
    if (sections.length >= MAX_SECTIONS) throw new FormatError('too many manifest sections', format, end);
    const attributes = new Map<string, string>();
    let last: string | undefined;
    for (const line of lines) {
      if (line.startsWith(' ') && last !== undefined) {
        attributes.set(last, attributes.get(last)! + line.slice(1));
        continue;
      }
      const colon = line.indexOf(': ');
      if (colon <= 0) {
        warnings.push(`malformed line ${JSON.stringify(line.slice(0, 80))}`);
        continue;
      }
      last = line.slice(0, colon);
      if (attributes.has(last)) warnings.push(`duplicate attribute ${last}`);
      attributes.set(last, line.slice(colon + 2));
    }
    sections.push({ attributes, raw: bytes.subarray(sectionStart, end) });
    lines = [];
  };
  while (p < bytes.length) {
    let e = p;
    while (e < bytes.length && bytes[e] !== 0x0a && bytes[e] !== 0x0d) e++;
    const line = utf8.decode(bytes.subarray(p, e));
    let next = e;
    if (bytes[next] === 0x0d) next++;
    if (bytes[next] === 0x0a) next++;
    if (next === e && e < bytes.length) next++;
    if (line.length === 0) {
      // A blank line ends the section (the main section even when empty).
      if (lines.length > 0 || sections.length === 0) flush(next);
      sectionStart = next;
    } else lines.push(line);
    p = next;
  }
  if (lines.length > 0 || sections.length === 0) flush(bytes.length);

  const [main, ...rest] = sections;
  const entries = new Map<string, ManifestSection>();
  for (const s of rest) {
    const name = s.attributes.get('Name');
    if (name === undefined) {
      warnings.push('section without a Name attribute');
      continue;
    }
    if (entries.has(name)) warnings.push(`duplicate section for ${name}`);
    entries.set(name, s);
  }
  return { main: main!, entries, warnings };
}

/** JAR digest attribute prefixes → node:crypto algorithm names. */
export const JAR_DIGESTS: Readonly<Record<string, string>> = {
  'SHA-512': 'sha512',
  'SHA-384': 'sha384',
  'SHA-256': 'sha256',
  'SHA1': 'sha1',
  'SHA-1': 'sha1',
  'MD5': 'md5',
};

/** The digest attributes of a section whose name ends with `suffix` (e.g. "-Digest"), strongest first. */
export function digestAttributes(s: ManifestSection, suffix: string): { algorithm: string; value: string }[] {
  const out: { algorithm: string; value: string }[] = [];
  for (const [jarName, nodeName] of Object.entries(JAR_DIGESTS)) {
    const v = s.attributes.get(`${jarName}${suffix}`);
    if (v !== undefined) out.push({ algorithm: nodeName, value: v.trim() });
  }
  return out;
}
