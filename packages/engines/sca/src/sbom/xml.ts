/**
 * CycloneDX 1.6 XML from the CycloneDX JSON this engine (or the firmware
 * engine) puts in an assessment: the JSON is mapped onto the models of
 * @cyclonedx/cyclonedx-library and written by its XML serializer (which
 * needs xmlbuilder2), so element order, namespaces and escaping are the
 * library's. The parts mapped are the ones our BOMs use — metadata
 * (timestamp, tools, component with hashes), components (type, bom-ref,
 * group, name, version, purl, cpe, scope, licences, hashes, properties, nested
 * components), dependencies and vulnerabilities (source, references,
 * ratings, description, recommendation, advisories, analysis, affects);
 * other fields are left out.
 */
import { Enums, Models, Serialize, Spec, Types } from '@cyclonedx/cyclonedx-library';
import { arr, obj, str } from '../formats/common.ts';

type Json = Record<string, unknown>;

const isCPE = (v: unknown): v is string => Types.isCPE(v);

const enumValue = <T extends string>(values: Record<string, T>, v: unknown): T | undefined => (Object.values(values).includes(v as T) ? (v as T) : undefined);

function licences(list: unknown): Models.LicenseRepository {
  const repo = new Models.LicenseRepository();
  for (const raw of arr(list)) {
    const l = obj(raw);
    if (typeof l.expression === 'string') repo.add(new Models.LicenseExpression(l.expression));
    else {
      const x = obj(l.license);
      if (typeof x.id === 'string') repo.add(new Models.SpdxLicense(x.id));
      else if (typeof x.name === 'string') repo.add(new Models.NamedLicense(x.name));
    }
  }
  return repo;
}

function hashes(list: unknown): Models.HashDictionary {
  const h = new Models.HashDictionary();
  for (const raw of arr(list)) {
    const x = obj(raw);
    const alg = enumValue(Enums.HashAlgorithm as unknown as Record<string, Enums.HashAlgorithm>, x.alg);
    if (alg && typeof x.content === 'string') h.set(alg, x.content);
  }
  return h;
}

function properties(list: unknown): Models.PropertyRepository {
  const repo = new Models.PropertyRepository();
  for (const raw of arr(list)) {
    const p = obj(raw);
    if (typeof p.name === 'string') repo.add(new Models.Property(p.name, str(p.value) ?? ''));
  }
  return repo;
}

function component(c: Json, refs: Map<string, Models.Component>, depth: number): Models.Component {
  const type = enumValue(Enums.ComponentType as unknown as Record<string, Enums.ComponentType>, c.type) ?? Enums.ComponentType.Library;
  const scope = enumValue(Enums.ComponentScope as unknown as Record<string, Enums.ComponentScope>, c.scope);
  // The library refuses a malformed CPE (firmware BOMs carry them); such a value is left out.
  const cpe = str(c.cpe) && isCPE(str(c.cpe)) ? { cpe: str(c.cpe)! } : {};
  const m = new Models.Component(type, str(c.name) ?? '', {
    ...cpe,
    ...(str(c['bom-ref']) ? { bomRef: str(c['bom-ref'])! } : {}),
    ...(str(c.group) ? { group: str(c.group)! } : {}),
    ...(str(c.version) ? { version: str(c.version)! } : {}),
    ...(str(c.purl) ? { purl: str(c.purl)! } : {}),
    ...(str(c.description) ? { description: str(c.description)! } : {}),
    ...(scope ? { scope } : {}),
    licenses: licences(c.licenses),
    hashes: hashes(c.hashes),
    properties: properties(c.properties),
  });
  if (m.bomRef.value) refs.set(m.bomRef.value, m);
  if (depth < 32) for (const sub of arr(c.components)) m.components.add(component(obj(sub), refs, depth + 1));
  return m;
}

function vulnerability(v: Json, refs: Map<string, Models.Component>): Models.Vulnerability.Vulnerability {
  const V = Models.Vulnerability;
  const E = Enums.Vulnerability;
  const src = (s: unknown): Models.Vulnerability.Source | undefined => {
    const o = obj(s);
    return o.name || o.url ? new V.Source({ ...(str(o.name) ? { name: str(o.name)! } : {}), ...(str(o.url) ? { url: str(o.url)! } : {}) }) : undefined;
  };
  const source = src(v.source);
  const m = new V.Vulnerability({
    ...(str(v['bom-ref']) ? { bomRef: str(v['bom-ref'])! } : {}),
    ...(str(v.id) ? { id: str(v.id)! } : {}),
    ...(source ? { source } : {}),
    ...(str(v.description) ? { description: str(v.description)! } : {}),
    ...(str(v.recommendation) ? { recommendation: str(v.recommendation)! } : {}),
  });
  for (const r of arr(v.references).map(obj)) {
    const s = src(r.source);
    if (typeof r.id === 'string' && s) m.references.add(new V.Reference(r.id, s));
  }
  for (const r of arr(v.ratings).map(obj)) {
    const severity = enumValue(E.Severity as unknown as Record<string, Enums.Vulnerability.Severity>, r.severity);
    const method = enumValue(E.RatingMethod as unknown as Record<string, Enums.Vulnerability.RatingMethod>, r.method);
    m.ratings.add(new V.Rating({ ...(typeof r.score === 'number' ? { score: r.score } : {}), ...(severity ? { severity } : {}), ...(method ? { method } : {}), ...(str(r.vector) ? { vector: str(r.vector)! } : {}) }));
  }
  for (const a of arr(v.advisories).map(obj)) if (typeof a.url === 'string') m.advisories.add(new V.Advisory(a.url));
  const an = obj(v.analysis);
  if (an.state) {
    const state = enumValue(E.AnalysisState as unknown as Record<string, Enums.Vulnerability.AnalysisState>, an.state);
    const justification = enumValue(E.AnalysisJustification as unknown as Record<string, Enums.Vulnerability.AnalysisJustification>, an.justification);
    m.analysis = new V.Analysis({ ...(state ? { state } : {}), ...(justification ? { justification } : {}), ...(str(an.detail) ? { detail: str(an.detail)! } : {}) });
  }
  for (const a of arr(v.affects).map(obj)) {
    const target = refs.get(str(a.ref) ?? '');
    if (!target) continue;
    const versions = new V.AffectedVersionRepository();
    for (const x of arr(a.versions).map(obj)) {
      const status = enumValue(E.AffectStatus as unknown as Record<string, Enums.Vulnerability.AffectStatus>, x.status);
      if (typeof x.version === 'string') versions.add(new V.AffectedSingleVersion(x.version, status ? { status } : {}));
    }
    m.affects.add(new V.Affect(target.bomRef, { versions }));
  }
  return m;
}

/** The library's model of a CycloneDX JSON object. */
export function bomModel(json: Json): Models.Bom {
  const refs = new Map<string, Models.Component>();
  const meta = obj(json.metadata);
  const bom = new Models.Bom({ version: typeof json.version === 'number' ? json.version : 1, ...(str(json.serialNumber) ? { serialNumber: str(json.serialNumber)! } : {}) });
  if (str(meta.timestamp)) bom.metadata.timestamp = new Date(str(meta.timestamp)!);
  for (const t of arr(obj(meta.tools).components).map(obj)) bom.metadata.tools.components.add(component(t, new Map(), 0));
  if (meta.component) bom.metadata.component = component(obj(meta.component), refs, 0);
  for (const c of arr(json.components)) bom.components.add(component(obj(c), refs, 0));
  for (const d of arr(json.dependencies).map(obj)) {
    const from = refs.get(str(d.ref) ?? '');
    if (!from) continue;
    for (const to of arr(d.dependsOn)) {
      const t = refs.get(String(to));
      if (t && t !== from) from.dependencies.add(t.bomRef);
    }
  }
  for (const v of arr(json.vulnerabilities)) bom.vulnerabilities.add(vulnerability(obj(v), refs));
  return bom;
}

/** CycloneDX 1.6 XML text of a CycloneDX JSON object. */
export function cycloneDxXml(json: Json): string {
  const serializer = new Serialize.XmlSerializer(new Serialize.XML.Normalize.Factory(Spec.Spec1dot6));
  return `${serializer.serialize(bomModel(json), { sortLists: false, space: 2 })}\n`;
}
