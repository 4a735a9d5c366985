/**
 * How the target table prints the structured fields engines report beside the
 * target's identity. Some are structure, not identity (every unpacked file, the
 * image's regions, the SBOM, the compliance clause tree): the item sections and
 * the portal show them, so the table leaves them out instead of printing a dump.
 * Lists of records print one short phrase per record; a list longer than the
 * table can hold prints its count.
 */

type Rec = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const words = (...parts: unknown[]): string => parts.map(str).filter(Boolean).join(' ');

/** Fields left out of the target table (keys as the engines write them). */
export const STRUCTURE_FIELDS: ReadonlySet<string> = new Set([
  'files', // firmware: every node of the unpacked tree (preview page)
  'regions', // firmware: the image's byte regions (unpacking item)
  'identitySources', // firmware: where each identity fact came from (identity item's evidence)
  'sbom', // firmware, software components: the CycloneDX document (its own download)
  'compliance', // compliance: the clause tree (the compliance layout's checklist and items)
  'vulnerabilities', // software components: the matched advisories (their items)
  'cves', // firmware: the matched CVEs (their items)
]);

/** One phrase per record of a list field. */
export const RECORD_PHRASES: Readonly<Record<string, (r: Rec) => string>> = {
  components: (c) => words(c.name, c.version),
  filesystems: (f) => `${words(f.kind, f.variant)}${typeof f.readNodes === 'number' && typeof f.declaredInodes === 'number' ? ` (${f.readNodes}/${f.declaredInodes})` : ''}`,
  services: (s) => `${str(s.program) || str(s.kind)}${typeof s.startedBy === 'string' ? ` ← ${s.startedBy}` : ''}`,
  manifests: (m) => `${str(m.file)}${typeof m.packages === 'number' ? ` (${m.packages})` : ''}`,
  // Software components: a dpkg/apk database's distribution release and its end-of-life date (engine-sca eol/).
  runtimes: (r) => {
    const e = r.eol && typeof r.eol === 'object' ? (r.eol as Rec) : {};
    return `${words(e.title, r.version)} (${str(r.file)})${typeof e.eol === 'string' ? `: ${e.eol}` : ''}`;
  },
  releases: (r) => {
    const e = r.eol && typeof r.eol === 'object' ? (r.eol as Rec) : {};
    return `${words(e.title, e.cycle)}${typeof e.eol === 'string' ? `: ${e.eol}` : ''}`;
  },
  hosts: (h) => {
    const ports = Array.isArray(h.ports) ? (h.ports as Rec[]).map((p) => words(`${str(p.port)}/${p.transport === 'udp' ? 'udp' : 'tcp'}`, p.service, p.product, p.version)) : [];
    return `${words(h.address, h.name ? `(${str(h.name)})` : '')}${ports.length ? `: ${ports.join(', ')}` : ''}`;
  },
};

/** A list of records as phrases, or its count when it is longer than `max`; undefined when the field has no phrase. */
export function phraseList(key: string, value: unknown, max: number): string | undefined {
  const phrase = RECORD_PHRASES[key];
  if (!phrase || !Array.isArray(value)) return undefined;
  if (value.length > max) return String(value.length);
  return value
    .filter((x): x is Rec => !!x && typeof x === 'object')
    .map(phrase)
    .filter(Boolean)
    .join(', ');
}
