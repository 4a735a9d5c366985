/**
 * Declared licences read from the files that carry them: package-lock v2/v3
 * (`license` of each installed package), installed node_modules/<pkg>/package.json,
 * composer.lock (`license` arrays), a POM's <licenses> (the artifact it
 * describes), Python distribution metadata (*.dist-info/METADATA, PKG-INFO:
 * License-Expression, the trove classifiers, License; also inside wheels) and SBOMs. Lockfiles
 * that record no licence (yarn, pnpm, Cargo.lock, go.mod, Gemfile.lock …)
 * give none: their components are shown without one rather than guessed.
 * Readers return entries keyed like the format parsers' packages so the
 * engine can attach them to components; a file that cannot be read gives no
 * entries (its parse error, if it is a manifest, is reported by its parser).
 */
import { XMLParser } from 'fast-xml-parser';
import { arr, json, obj, str, text } from '../formats/common.ts';
import type { Ecosystem } from '../model.ts';
import { isSbomName, sbomLicences } from '../sbom/import.ts';

export interface LicenceEntry {
  ecosystem: Ecosystem;
  name: string;
  /** '' when the file does not say (then any version of that name takes it). */
  version: string;
  /** Declared texts; several are alternatives (composer's array, npm's legacy `licenses`). */
  declared: string[];
  source: string;
}

const base = (p: string): string => p.slice(p.lastIndexOf('/') + 1);

const NPM_INSTALLED = /(?:^|\/)node_modules\/(?:@[^/]+\/)?[^/@.][^/]*\/package\.json$/;

/**
 * Files read for licences only: installed npm packages (top level of a
 * node_modules folder; nested copies are covered by package-lock's own
 * `license` fields) and Python distribution metadata.
 */
export function isLicenceOnlySource(path: string): boolean {
  if (NPM_INSTALLED.test(path)) return path.indexOf('node_modules/') === path.lastIndexOf('node_modules/');
  return /\.(?:dist|egg)-info\/(?:METADATA|PKG-INFO)$/.test(path) || base(path) === 'PKG-INFO' || isWheelName(path);
}

/** A built Python distribution (PEP 427): a zip whose *.dist-info/METADATA names its licence. */
export const isWheelName = (path: string): boolean => /\.whl$/i.test(path);

/** Any file licences are read from (manifests with licence fields included). */
export function isLicenceSource(path: string): boolean {
  const b = base(path);
  return b === 'package-lock.json' || b === 'npm-shrinkwrap.json' || b === 'composer.lock' || b === 'pom.xml' || isSbomName(b) || isLicenceOnlySource(path);
}

/** npm's `license` is a string; old packages have `license: {type}` or `licenses: [{type}]`. */
function npmLicence(e: Record<string, unknown>): string[] {
  const l = e.license;
  if (typeof l === 'string') return [l];
  if (l && typeof l === 'object') return [str(obj(l).type)].filter((x): x is string => !!x);
  return arr(e.licenses).map((x) => (typeof x === 'string' ? x : str(obj(x).type))).filter((x): x is string => !!x);
}

function fromPackageLock(file: string, bytes: Uint8Array): LicenceEntry[] {
  const out: LicenceEntry[] = [];
  for (const [path, raw] of Object.entries(obj(json(file, bytes).packages))) {
    const i = path.lastIndexOf('node_modules/');
    if (i < 0) continue;
    const e = obj(raw);
    const declared = npmLicence(e);
    const version = str(e.version);
    if (declared.length && version) out.push({ ecosystem: 'npm', name: str(e.name) ?? path.slice(i + 13), version, declared, source: file });
  }
  return out;
}

function fromPackageJson(file: string, bytes: Uint8Array): LicenceEntry[] {
  const e = json(file, bytes);
  const name = str(e.name);
  const declared = npmLicence(e);
  return name && declared.length ? [{ ecosystem: 'npm', name, version: str(e.version) ?? '', declared, source: file }] : [];
}

function fromComposerLock(file: string, bytes: Uint8Array): LicenceEntry[] {
  const doc = json(file, bytes);
  return [...arr(doc.packages), ...arr(doc['packages-dev'])].flatMap((raw) => {
    const p = obj(raw);
    const name = str(p.name);
    const version = str(p.version);
    const declared = arr(p.license).filter((x): x is string => typeof x === 'string');
    return name && version && declared.length ? [{ ecosystem: 'Packagist' as const, name, version: version.replace(/^v(?=\d)/, ''), declared, source: file }] : [];
  });
}

const xml = new XMLParser({ ignoreAttributes: true, processEntities: false, parseTagValue: false, trimValues: true, isArray: (n) => n === 'license' });

function fromPom(file: string, bytes: Uint8Array): LicenceEntry[] {
  const src = text(file, bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(src)) return [];
  const p = obj(obj(xml.parse(src, true) as unknown).project);
  const parent = obj(p.parent);
  const g = str(p.groupId) ?? str(parent.groupId);
  const a = str(p.artifactId);
  const v = str(p.version) ?? str(parent.version) ?? '';
  // A POM's <licenses> lists alternatives ("licensed under either"); names are free text, ids rare.
  const declared = arr(obj(p.licenses).license).map((l) => str(obj(l).name) ?? str(obj(l).url)).filter((x): x is string => !!x);
  return g && a && declared.length ? [{ ecosystem: 'Maven', name: `${g}:${a}`, version: v.includes('${') ? '' : v, declared, source: file }] : [];
}

const CLASSIFIER = /^License\s*::\s*(?:OSI Approved\s*::\s*)?(.+)$/;

/** Core metadata (RFC 822 style headers up to the first blank line). */
function fromPythonMetadata(file: string, bytes: Uint8Array): LicenceEntry[] {
  const headers = text(file, bytes).split(/\r?\n\r?\n/, 1)[0]!.split(/\r?\n(?![ \t])/);
  const get = (k: string): string[] => headers.filter((h) => h.toLowerCase().startsWith(`${k.toLowerCase()}:`)).map((h) => h.slice(k.length + 1).trim());
  const name = get('Name')[0];
  const version = get('Version')[0] ?? '';
  if (!name) return [];
  const expression = get('License-Expression')[0];
  const classifiers = get('Classifier').map((c) => CLASSIFIER.exec(c)?.[1]?.trim()).filter((c): c is string => !!c && c !== 'OSI Approved');
  // `License:` often holds the whole licence text; only a short one-line value is a name.
  const licence = get('License').find((l) => l.length > 0 && l.length <= 100 && !l.includes('\n') && l.toUpperCase() !== 'UNKNOWN');
  const declared = expression ? [expression] : classifiers.length ? classifiers : licence ? [licence] : [];
  return declared.length ? [{ ecosystem: 'PyPI', name, version, declared, source: file }] : [];
}

/** The licences a file declares; [] when it declares none or cannot be read. */
export function readLicences(file: string, bytes: Uint8Array): LicenceEntry[] {
  const b = base(file);
  try {
    if (b === 'package-lock.json' || b === 'npm-shrinkwrap.json') return fromPackageLock(file, bytes);
    if (b === 'package.json') return fromPackageJson(file, bytes);
    if (b === 'composer.lock') return fromComposerLock(file, bytes);
    if (b === 'pom.xml') return fromPom(file, bytes);
    if (b === 'METADATA' || b === 'PKG-INFO') return fromPythonMetadata(file, bytes);
    if (isSbomName(b)) return sbomLicences(file, bytes);
  } catch {
    // Unreadable: the manifest's own parser reports why; a broken installed package.json is not the project's.
  }
  return [];
}
