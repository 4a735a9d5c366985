/**
 * SBOM import: a CycloneDX (JSON or XML, 1.2–1.6) or SPDX 2.x JSON document
 * given instead of sources is read as a manifest — components by their purl,
 * the dependency graph when the document records one, direct = what the
 * described root depends on, dev = CycloneDX scope "optional"/"excluded" or
 * SPDX DEV_/TEST_/BUILD_DEPENDENCY_OF — and matched like any lockfile.
 * Hostile documents are bounded like every manifest (size, package count)
 * plus nesting depth and edge count; XML with a DOCTYPE is refused.
 */
import { XMLParser } from 'fast-xml-parser';
import { arr, isObject, json, obj, str, text } from '../formats/common.ts';
import type { LicenceEntry } from '../licences/extract.ts';
import { Inventory, type Manifest, ManifestError, type Pkg, pkgKey } from '../model.ts';
import { packageOfPurl } from './purl.ts';

const MAX_DEPTH = 32;
const MAX_EDGES = 2_000_000;

/** bom.json, sbom.xml, app.cdx.json, app-sbom.json, app.spdx.json … but not VEX files (vex.cdx.json is read as VEX). */
export const SBOM_NAME = /^(?!(?:.*[._-])?(?:open)?vex(?:\.cdx)?\.json$)(?:.*[._-])?(?:s?bom|cyclonedx|cdx|spdx)\.(?:json|xml)$/i;

export function isSbomName(fileName: string): boolean {
  return SBOM_NAME.test(fileName.slice(fileName.lastIndexOf('/') + 1));
}

interface Comp {
  ref: string;
  purl?: string;
  name?: string;
  dev: boolean;
  licences: string[];
}

interface Doc {
  format: string;
  components: Comp[];
  edges: Map<string, string[]>;
  roots: string[];
  notes: string[];
}

// ---- CycloneDX -------------------------------------------------------------

function cdxLicences(v: unknown): string[] {
  return arr(v).flatMap((x) => {
    const e = obj(x);
    if (typeof e.expression === 'string') return [e.expression];
    const l = obj(e.license);
    const t = str(l.id) ?? str(l.name);
    return t ? [t] : [];
  });
}

function fromCycloneDx(file: string, doc: Record<string, unknown>): Doc {
  const out: Doc = { format: 'cyclonedx', components: [], edges: new Map(), roots: [], notes: [] };
  let deep = false;
  const visit = (list: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) {
      deep = true;
      return;
    }
    for (const raw of arr(list)) {
      const c = obj(raw);
      const ref = str(c['bom-ref']) ?? str(c.purl) ?? `${str(c.group) ?? ''}:${str(c.name) ?? ''}@${str(c.version) ?? ''}`;
      out.components.push({ ref, ...(str(c.purl) ? { purl: str(c.purl)! } : {}), name: [str(c.group), str(c.name)].filter(Boolean).join(':'), dev: c.scope === 'optional' || c.scope === 'excluded', licences: cdxLicences(c.licenses) });
      if (c.components) visit(c.components, depth + 1);
    }
  };
  visit(doc.components, 0);
  if (deep) out.notes.push(`components nested deeper than ${MAX_DEPTH} levels were not read`);
  let edges = 0;
  for (const raw of arr(doc.dependencies)) {
    const d = obj(raw);
    const ref = str(d.ref);
    if (!ref) continue;
    const on = arr(d.dependsOn).filter((x): x is string => typeof x === 'string');
    edges += on.length;
    if (edges > MAX_EDGES) throw new ManifestError(file, `more than ${MAX_EDGES} dependency edges`, 'too_large');
    out.edges.set(ref, [...(out.edges.get(ref) ?? []), ...on]);
  }
  const root = str(obj(obj(doc.metadata).component)['bom-ref']);
  if (root) out.roots.push(root);
  return out;
}

/** CycloneDX XML turned into the JSON document's shape (the parts read above). */
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['component', 'license', 'expression', 'dependency'].includes(name),
});

function xmlComponents(v: unknown, depth: number): unknown[] {
  if (depth > MAX_DEPTH) return [];
  return arr(obj(v).component).map((raw) => {
    const c = obj(raw);
    const lic = obj(c.licenses);
    return {
      'bom-ref': str(c['@bom-ref']),
      group: str(c.group),
      name: str(c.name),
      version: str(c.version),
      purl: str(c.purl),
      scope: str(c.scope),
      licenses: [...arr(lic.expression).map((e) => ({ expression: typeof e === 'string' ? e : str(obj(e)['#text']) })), ...arr(lic.license).map((l) => ({ license: { id: str(obj(l).id), name: str(obj(l).name) } }))],
      components: xmlComponents(c.components, depth + 1),
    };
  });
}

function cycloneDxXml(file: string, src: string): Record<string, unknown> {
  if (/<!DOCTYPE|<!ENTITY/i.test(src)) throw new ManifestError(file, 'XML with a DOCTYPE or entity declarations is refused (a CycloneDX BOM needs none)');
  let doc: Record<string, unknown>;
  try {
    doc = xmlParser.parse(src, true) as Record<string, unknown>;
  } catch (e) {
    throw new ManifestError(file, `malformed XML: ${String((e as Error).message ?? e).split('\n')[0]!.slice(0, 200)}`);
  }
  const bom = obj(doc.bom);
  if (!isObject(doc.bom) || !String(bom['@xmlns'] ?? '').startsWith('http://cyclonedx.org/schema/bom/')) throw new ManifestError(file, 'not a CycloneDX XML BOM (no <bom xmlns="http://cyclonedx.org/schema/bom/…">)');
  const deps: { ref: string; dependsOn: string[] }[] = [];
  const walkDeps = (list: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    for (const raw of arr(list)) {
      const d = obj(raw);
      const ref = str(d['@ref']);
      const inner = arr(d.dependency);
      if (ref) deps.push({ ref, dependsOn: inner.map((x) => str(obj(x)['@ref'])).filter((x): x is string => !!x) });
      walkDeps(inner, depth + 1);
    }
  };
  walkDeps(obj(bom.dependencies).dependency, 0);
  const meta = obj(obj(bom.metadata).component);
  return { bomFormat: 'CycloneDX', metadata: { component: { 'bom-ref': str(meta['@bom-ref']) } }, components: xmlComponents(bom.components, 0), dependencies: deps };
}

// ---- SPDX ------------------------------------------------------------------

const DEV_REL = new Set(['DEV_DEPENDENCY_OF', 'TEST_DEPENDENCY_OF', 'BUILD_DEPENDENCY_OF', 'DEV_TOOL_OF', 'TEST_TOOL_OF', 'BUILD_TOOL_OF']);

function fromSpdx(file: string, doc: Record<string, unknown>): Doc {
  const out: Doc = { format: 'spdx', components: [], edges: new Map(), roots: [], notes: [] };
  const docId = str(doc.SPDXID) ?? 'SPDXRef-DOCUMENT';
  const described = new Set(arr(doc.documentDescribes).filter((x): x is string => typeof x === 'string'));
  const rels = arr(doc.relationships).map(obj);
  if (rels.length > MAX_EDGES) throw new ManifestError(file, `more than ${MAX_EDGES} relationships`, 'too_large');
  const dev = new Set<string>();
  const add = (from: string, to: string): void => {
    const l = out.edges.get(from);
    if (l) l.push(to);
    else out.edges.set(from, [to]);
  };
  for (const r of rels) {
    const a = str(r.spdxElementId);
    const b = str(r.relatedSpdxElement);
    const t = str(r.relationshipType)?.toUpperCase();
    if (!a || !b || !t) continue;
    if (t === 'DESCRIBES' && a === docId) described.add(b);
    else if (t === 'DESCRIBED_BY' && b === docId) described.add(a);
    else if (t === 'DEPENDS_ON' || t === 'CONTAINS') add(a, b);
    else if (t === 'DEPENDENCY_OF' || t === 'OPTIONAL_DEPENDENCY_OF' || t === 'RUNTIME_DEPENDENCY_OF' || DEV_REL.has(t)) {
      add(b, a);
      if (DEV_REL.has(t)) dev.add(a);
    }
  }
  for (const raw of arr(doc.packages)) {
    const p = obj(raw);
    const id = str(p.SPDXID);
    if (!id) continue;
    const purl = arr(p.externalRefs)
      .map(obj)
      .find((r) => String(r.referenceType).toLowerCase() === 'purl' && typeof r.referenceLocator === 'string')?.referenceLocator as string | undefined;
    // The described package without a purl is the project itself (a folder, an image), not a component.
    if (described.has(id) && !purl) continue;
    const licences = [str(p.licenseConcluded), str(p.licenseDeclared)].filter((l): l is string => !!l && l !== 'NOASSERTION' && l !== 'NONE');
    out.components.push({ ref: id, ...(purl ? { purl } : {}), name: str(p.name) ?? id, dev: dev.has(id), licences: licences.slice(0, 1) });
  }
  out.roots.push(...described);
  return out;
}

// ---- common ----------------------------------------------------------------

function readDoc(file: string, bytes: Uint8Array): Doc {
  const src = text(file, bytes);
  if (/^\s*</.test(src)) return fromCycloneDx(file, cycloneDxXml(file, src));
  const doc = json(file, bytes);
  if (doc.bomFormat === 'CycloneDX') return fromCycloneDx(file, doc);
  if (typeof doc.spdxVersion === 'string') {
    if (!/^SPDX-2\.[0-3]$/.test(doc.spdxVersion)) throw new ManifestError(file, `SPDX version ${doc.spdxVersion.slice(0, 20)} is not read (2.0–2.3 are)`, 'unsupported');
    return fromSpdx(file, doc);
  }
  throw new ManifestError(file, 'not a CycloneDX or SPDX JSON document (no bomFormat or spdxVersion)', 'unsupported');
}

/** Reads an SBOM file as a manifest. */
export function parseSbom(file: string, bytes: Uint8Array): Manifest {
  const doc = readDoc(file, bytes);
  const inv = new Inventory(file);
  const keyOf = new Map<string, string>();
  const skipped = new Map<string, number>();
  for (const c of doc.components) {
    const p = c.purl ? packageOfPurl(c.purl) : undefined;
    if (!p) {
      const why = c.purl ? `type ${c.purl.slice(4, c.purl.indexOf('/') > 0 ? c.purl.indexOf('/') : 20)}` : 'no purl';
      skipped.set(why, (skipped.get(why) ?? 0) + 1);
      continue;
    }
    const pkg: Pkg = { ...p, dev: c.dev, deps: [] };
    if (!pkg.version) pkg.unresolved = 'the SBOM gives no version';
    keyOf.set(c.ref, pkgKey(pkg));
    inv.add(pkg);
  }
  const rootDeps = new Set(doc.roots.flatMap((r) => doc.edges.get(r) ?? []));
  for (const [from, to] of doc.edges) {
    const k = keyOf.get(from);
    const pkg = k ? inv.get(k) : undefined;
    if (!pkg) continue;
    pkg.deps = [...new Set([...(pkg.deps ?? []), ...to.map((t) => keyOf.get(t)).filter((x): x is string => !!x && x !== k)])];
  }
  // Direct: what the described root depends on; without a root in the graph the format does not say.
  if (rootDeps.size > 0) {
    for (const [ref, k] of keyOf) {
      const pkg = inv.get(k)!;
      pkg.direct = pkg.direct === true || rootDeps.has(ref);
    }
  }
  const notes = [...skipped].map(([why, n]) => `${n} component(s) not matched (${why}: no vulnerability ecosystem for it)`);
  return { file, format: doc.format, packages: inv.list(), notes: [...doc.notes, ...notes] };
}

/** The licences an SBOM records for its components. */
export function sbomLicences(file: string, bytes: Uint8Array): LicenceEntry[] {
  return readDoc(file, bytes).components.flatMap((c) => {
    const p = c.purl ? packageOfPurl(c.purl) : undefined;
    return p && c.licences.length ? [{ ...p, declared: c.licences, source: file }] : [];
  });
}
