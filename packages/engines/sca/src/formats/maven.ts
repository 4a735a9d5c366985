/**
 * Maven: pom.xml and the pom.properties a build puts in every JAR.
 * pom.xml versions are resolved within the project: ${properties} (with
 * project.* and parent values), dependencyManagement, and the parent POM when
 * it is one of the project's files (`parentPom`). What cannot be resolved
 * (import-scoped BOMs, a parent from a repository, version ranges) is reported
 * unresolved, not guessed. A DOCTYPE is refused: a POM never needs one and
 * entity declarations are how XML bombs and external-entity reads start.
 */
import { XMLParser } from 'fast-xml-parser';
import { Inventory, type Manifest, ManifestError } from '../model.ts';
import { arr, obj, str, text } from './common.ts';

export interface PomModel {
  groupId?: string;
  artifactId?: string;
  version?: string;
  parent?: { groupId?: string; artifactId?: string; version?: string };
  properties: Record<string, string>;
  managed: Map<string, { version?: string; scope?: string }>;
  dependencies: { groupId: string; artifactId: string; version?: string; scope?: string; optional: boolean }[];
}

const parser = new XMLParser({ ignoreAttributes: true, processEntities: false, parseTagValue: false, trimValues: true, isArray: (name) => name === 'dependency' });

export function readPom(file: string, bytes: Uint8Array): PomModel {
  const src = text(file, bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(src)) throw new ManifestError(file, 'XML with a DOCTYPE or entity declarations is refused (a POM needs none)');
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(src, true) as Record<string, unknown>;
  } catch (e) {
    throw new ManifestError(file, `malformed XML: ${String((e as Error).message ?? e).split('\n')[0]!.slice(0, 200)}`);
  }
  const project = obj(doc.project);
  if (!doc.project) throw new ManifestError(file, 'not a POM (no <project> element)');
  const s = (v: unknown): string | undefined => str(v)?.trim() || undefined;
  const deps = (v: unknown) =>
    arr(obj(v).dependency)
      .map(obj)
      .map((d) => ({ groupId: s(d.groupId) ?? '', artifactId: s(d.artifactId) ?? '', version: s(d.version), scope: s(d.scope), optional: s(d.optional) === 'true', type: s(d.type) }));
  const parent = doc.project && project.parent ? obj(project.parent) : undefined;
  const properties: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(project.properties))) if (typeof v === 'string') properties[k] = v;
  const managed = new Map<string, { version?: string; scope?: string }>();
  for (const d of deps(obj(project.dependencyManagement).dependencies)) managed.set(`${d.groupId}:${d.artifactId}`, { ...(d.version ? { version: d.version } : {}), ...(d.scope ? { scope: d.scope } : {}) });
  return {
    ...(s(project.groupId) ? { groupId: s(project.groupId) } : {}),
    ...(s(project.artifactId) ? { artifactId: s(project.artifactId) } : {}),
    ...(s(project.version) ? { version: s(project.version) } : {}),
    ...(parent ? { parent: { groupId: s(parent.groupId), artifactId: s(parent.artifactId), version: s(parent.version) } } : {}),
    properties,
    managed,
    dependencies: deps(project.dependencies).map(({ type: _t, ...d }) => d),
  } as PomModel;
}

/** Properties and managed versions of the POM and its parents found in the project (nearest wins). */
function effective(pom: PomModel, parentPom: ((g: string, a: string) => PomModel | undefined) | undefined, notes: string[]) {
  const chain: PomModel[] = [pom];
  const seen = new Set<string>();
  for (let cur = pom; cur.parent && chain.length < 10; ) {
    const key = `${cur.parent.groupId}:${cur.parent.artifactId}`;
    if (seen.has(key)) break; // a parent cycle
    seen.add(key);
    const p = parentPom?.(cur.parent.groupId ?? '', cur.parent.artifactId ?? '');
    if (!p) {
      notes.push(`parent ${key}:${cur.parent.version ?? '?'} is not in the project: properties and managed versions it defines are unknown`);
      break;
    }
    chain.push(p);
    cur = p;
  }
  const props: Record<string, string> = {};
  const managed = new Map<string, { version?: string; scope?: string }>();
  for (const p of [...chain].reverse()) {
    Object.assign(props, p.properties);
    for (const [k, v] of p.managed) managed.set(k, v);
  }
  const version = pom.version ?? pom.parent?.version;
  const groupId = pom.groupId ?? pom.parent?.groupId;
  if (version) props['project.version'] = props['pom.version'] = props.version = version;
  if (groupId) props['project.groupId'] = props['pom.groupId'] = groupId;
  if (pom.artifactId) props['project.artifactId'] = pom.artifactId;
  if (pom.parent?.version) props['project.parent.version'] = pom.parent.version;
  if (pom.parent?.groupId) props['project.parent.groupId'] = pom.parent.groupId;
  return { props, managed };
}

/** ${x} substituted (nested, bounded); undefined when a property is unknown. */
export function interpolate(v: string, props: Record<string, string>): string | undefined {
  let out = v;
  for (let i = 0; i < 10 && out.includes('${'); i++) {
    let missing = false;
    out = out.replace(/\$\{([^}]+)\}/g, (_, k: string) => {
      const r = props[k];
      if (r === undefined) missing = true;
      return r ?? '';
    });
    if (missing) return undefined;
  }
  return out.includes('${') ? undefined : out;
}

export function parsePom(file: string, bytes: Uint8Array, parentPom?: (groupId: string, artifactId: string) => PomModel | undefined): Manifest {
  const pom = readPom(file, bytes);
  const notes: string[] = [];
  const { props, managed } = effective(pom, parentPom, notes);
  const inv = new Inventory(file);
  for (const d of pom.dependencies) {
    const groupId = interpolate(d.groupId, props) ?? d.groupId;
    const artifactId = interpolate(d.artifactId, props) ?? d.artifactId;
    if (!groupId || !artifactId) continue;
    const m = managed.get(`${groupId}:${artifactId}`) ?? managed.get(`${d.groupId}:${d.artifactId}`);
    const rawVersion = d.version ?? m?.version;
    const scope = d.scope ?? m?.scope ?? 'compile';
    const dev = scope === 'test';
    const name = `${groupId}:${artifactId}`;
    if (!rawVersion) {
      inv.add({ ecosystem: 'Maven', name, version: '', direct: true, dev, unresolved: 'no version in the project (managed by a parent or BOM outside it)' });
      continue;
    }
    const version = interpolate(rawVersion, props);
    if (version === undefined) inv.add({ ecosystem: 'Maven', name, version: '', direct: true, dev, unresolved: `unknown property in ${rawVersion}` });
    else if (/^[[(]/.test(version)) inv.add({ ecosystem: 'Maven', name, version: '', direct: true, dev, unresolved: `version range ${version}` });
    else inv.add({ ecosystem: 'Maven', name, version, direct: true, dev });
  }
  notes.push('pom.xml lists the direct dependencies only: transitive ones need the Maven repository (scan a built JAR/WAR or a dependency tree instead)');
  return { file, format: 'pom.xml', packages: inv.list(), notes };
}

/** META-INF/maven/<g>/<a>/pom.properties: the artifact a JAR was built from (or shaded into it). */
export function parsePomProperties(file: string, bytes: Uint8Array): { groupId: string; artifactId: string; version: string } | undefined {
  const props: Record<string, string> = {};
  for (const line of text(file, bytes).split(/\r?\n/)) {
    const m = /^\s*([A-Za-z.]+)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (m && !line.trimStart().startsWith('#')) props[m[1]!] = m[2]!;
  }
  const { groupId, artifactId, version } = props;
  return groupId && artifactId && version ? { groupId, artifactId, version } : undefined;
}
