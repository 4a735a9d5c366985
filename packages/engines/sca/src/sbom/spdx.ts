/**
 * SPDX 2.3 JSON (https://spdx.github.io/spdx-spec/v2.3/) from the CycloneDX
 * JSON of an assessment: the document (CC0-1.0 data licence, a namespace
 * derived from the BOM's serial number, creation info), one package for the
 * project and one per component (version, purl as a PACKAGE-MANAGER
 * external reference, declared licence when it is a valid SPDX expression
 * without LicenseRefs, else NOASSERTION), and the relationships: the
 * document DESCRIBES the project, DEPENDS_ON for each dependency edge.
 * Works for any BOM shaped like ours (sca, firmware).
 */
import { arr, obj, str } from '../formats/common.ts';

type Json = Record<string, unknown>;

const idPart = (s: string): string => s.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120) || 'x';

/** A licence field value: a CycloneDX expression or SPDX id, when the SPDX grammar needs nothing else. */
function licenceOf(c: Json): string {
  for (const l of arr(c.licenses).map(obj)) {
    const v = str(l.expression) ?? str(obj(l.license).id);
    if (v && !/LicenseRef-/.test(v) && /^[A-Za-z0-9.+:() -]+$/.test(v)) return v;
  }
  return 'NOASSERTION';
}

/** SPDX primaryPackagePurpose of a CycloneDX component type. */
const purpose = (type: unknown, fallback: string): string => (type === 'application' ? 'APPLICATION' : type === 'operating-system' ? 'OPERATING-SYSTEM' : type === 'firmware' ? 'FIRMWARE' : type === 'container' ? 'CONTAINER' : type === 'framework' ? 'FRAMEWORK' : type === 'device' ? 'DEVICE' : type === 'file' ? 'FILE' : fallback);

/** ISO 8601 without fractions, as SPDX's creationInfo.created requires. */
const spdxTime = (iso: string | undefined): string => (iso ? new Date(iso) : new Date(0)).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function spdxFromCycloneDx(bom: Json, toolVersion: string): Json {
  const meta = obj(bom.metadata);
  const project = obj(meta.component);
  const projectName = str(project.name) ?? 'project';
  const serial = (str(bom.serialNumber) ?? '').replace(/^urn:uuid:/, '') || idPart(projectName);
  const ids = new Map<string, string>();
  const used = new Set<string>();
  const idFor = (ref: string, name: string): string => {
    let id = `SPDXRef-Package-${idPart(name)}`;
    for (let n = 2; used.has(id); n++) id = `SPDXRef-Package-${idPart(name)}-${n}`;
    used.add(id);
    ids.set(ref, id);
    return id;
  };
  const rootId = 'SPDXRef-Project';
  used.add(rootId);
  if (str(project['bom-ref'])) ids.set(str(project['bom-ref'])!, rootId);
  const flat: Json[] = [];
  const walk = (list: unknown, depth: number): void => {
    for (const c of arr(list).map(obj)) {
      flat.push(c);
      if (depth < 32) walk(c.components, depth + 1);
    }
  };
  walk(bom.components, 0);
  const packages: Json[] = [
    {
      SPDXID: rootId,
      name: projectName,
      downloadLocation: 'NOASSERTION',
      filesAnalyzed: false,
      licenseConcluded: 'NOASSERTION',
      licenseDeclared: 'NOASSERTION',
      copyrightText: 'NOASSERTION',
      primaryPackagePurpose: purpose(project.type, 'APPLICATION'),
      ...(arr(project.hashes).length ? { checksums: arr(project.hashes).map(obj).filter((h) => h.alg === 'SHA-256').map((h) => ({ algorithm: 'SHA256', checksumValue: str(h.content) })) } : {}),
    },
  ];
  for (const c of flat) {
    const name = [str(c.group), str(c.name)].filter(Boolean).join(':') || 'unnamed';
    const id = idFor(str(c['bom-ref']) ?? `${name}@${str(c.version) ?? ''}`, `${name}-${str(c.version) ?? ''}`);
    packages.push({
      SPDXID: id,
      name,
      ...(str(c.version) ? { versionInfo: str(c.version) } : {}),
      downloadLocation: 'NOASSERTION',
      filesAnalyzed: false,
      licenseConcluded: 'NOASSERTION',
      licenseDeclared: licenceOf(c),
      copyrightText: 'NOASSERTION',
      primaryPackagePurpose: purpose(c.type, 'LIBRARY'),
      ...(str(c.purl) || str(c.cpe)
        ? {
            externalRefs: [
              ...(str(c.purl) ? [{ referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: str(c.purl) }] : []),
              ...(str(c.cpe)?.startsWith('cpe:2.3:') ? [{ referenceCategory: 'SECURITY', referenceType: 'cpe23Type', referenceLocator: str(c.cpe) }] : []),
            ],
          }
        : {}),
    });
  }
  const relationships: Json[] = [{ spdxElementId: 'SPDXRef-DOCUMENT', relationshipType: 'DESCRIBES', relatedSpdxElement: rootId }];
  let edges = 0;
  for (const d of arr(bom.dependencies).map(obj)) {
    const from = ids.get(str(d.ref) ?? '');
    if (!from) continue;
    for (const to of arr(d.dependsOn)) {
      const t = ids.get(String(to));
      if (t && t !== from) {
        relationships.push({ spdxElementId: from, relationshipType: 'DEPENDS_ON', relatedSpdxElement: t });
        edges++;
      }
    }
  }
  // A BOM without a graph still says the project holds its components.
  if (edges === 0) for (const p of packages.slice(1)) relationships.push({ spdxElementId: rootId, relationshipType: 'CONTAINS', relatedSpdxElement: p.SPDXID });
  return {
    spdxVersion: 'SPDX-2.3',
    dataLicense: 'CC0-1.0',
    SPDXID: 'SPDXRef-DOCUMENT',
    name: projectName,
    documentNamespace: `https://citadel.invalid/spdx/${encodeURIComponent(projectName)}-${serial}`,
    creationInfo: { created: spdxTime(str(meta.timestamp)), creators: [`Tool: citadel-engine-sca-${toolVersion}`] },
    packages,
    relationships,
  };
}
