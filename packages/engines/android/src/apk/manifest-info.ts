/**
 * What the checks and the result page need from the manifest, read once:
 * package, versions, SDK levels, permissions, and every component with its
 * effective exported state (explicit attribute, else intent filters, else
 * the provider default of old targets) and protecting permission.
 */
import { type XmlElement, androidAttribute, childElements, plainAttribute, valueAsBoolean, valueAsInt, valueAsString, type XmlDocument } from '../formats/index.ts';
import { DANGEROUS_PERMISSIONS } from './permissions.ts';

export type ComponentKind = 'activity' | 'activity-alias' | 'service' | 'receiver' | 'provider';
const COMPONENT_KINDS: readonly ComponentKind[] = ['activity', 'activity-alias', 'service', 'receiver', 'provider'];

export interface Component {
  kind: ComponentKind;
  /** Fully qualified class name. */
  name: string;
  element: XmlElement;
  exported: boolean;
  /** How exported was decided: the attribute, intent filters, or the old provider default. */
  exportedBy: 'attribute' | 'intent-filter' | 'provider-default' | 'none';
  enabled: boolean;
  /** Permission protecting it (component, else application); providers also read/write. */
  permission?: string;
  readPermission?: string;
  writePermission?: string;
  intentFilters: XmlElement[];
  isLauncher: boolean;
}

export interface ManifestInfo {
  packageName: string;
  versionCode?: number;
  versionName?: string;
  /** 1 when uses-sdk does not say (the platform default). */
  minSdk: number;
  /** minSdk when absent (the platform default). */
  targetSdk: number;
  compileSdk?: number;
  sharedUserId?: string;
  application?: XmlElement;
  permissions: { name: string; dangerous: boolean }[];
  definedPermissions: { name: string; protectionLevel: string; element: XmlElement }[];
  components: Component[];
}

const str = (el: XmlElement, name: string): string | undefined => {
  const v = valueAsString(androidAttribute(el, name)?.value);
  return v === undefined || v === '' ? undefined : v;
};

/** ".Main" and "Main" are relative to the package, as the platform resolves them. */
export function qualifyClassName(name: string, pkg: string): string {
  if (name.startsWith('.')) return pkg + name;
  return name.includes('.') ? name : `${pkg}.${name}`;
}

export function readManifestInfo(doc: XmlDocument): ManifestInfo {
  const root = doc.root;
  const pkg = valueAsString(plainAttribute(root, 'package')?.value) ?? '';
  const usesSdk = childElements(root, 'uses-sdk')[0];
  const minSdk = (usesSdk && valueAsInt(androidAttribute(usesSdk, 'minSdkVersion')?.value)) || 1;
  const targetSdk = (usesSdk && valueAsInt(androidAttribute(usesSdk, 'targetSdkVersion')?.value)) || minSdk;
  const app = childElements(root, 'application')[0];
  const appPermission = app ? str(app, 'permission') : undefined;
  const info: ManifestInfo = {
    packageName: pkg,
    minSdk,
    targetSdk,
    permissions: [],
    definedPermissions: [],
    components: [],
    ...(app ? { application: app } : {}),
  };
  const versionCode = valueAsInt(androidAttribute(root, 'versionCode')?.value);
  if (versionCode !== undefined) info.versionCode = versionCode >>> 0;
  const versionName = str(root, 'versionName');
  if (versionName !== undefined) info.versionName = versionName;
  const compileSdk = valueAsInt(androidAttribute(root, 'compileSdkVersion')?.value) ?? valueAsInt(plainAttribute(root, 'platformBuildVersionCode')?.value);
  if (compileSdk !== undefined) info.compileSdk = compileSdk;
  const shared = str(root, 'sharedUserId');
  if (shared) info.sharedUserId = shared;

  const seen = new Set<string>();
  for (const tag of ['uses-permission', 'uses-permission-sdk-23', 'uses-permission-sdk-m']) {
    for (const el of childElements(root, tag)) {
      const name = str(el, 'name');
      if (!name || seen.has(name)) continue;
      seen.add(name);
      info.permissions.push({ name, dangerous: DANGEROUS_PERMISSIONS.has(name) });
    }
  }
  for (const el of childElements(root, 'permission')) {
    const name = str(el, 'name');
    if (!name) continue;
    info.definedPermissions.push({ name, protectionLevel: protectionLevelName(el), element: el });
  }
  if (!app) return info;

  for (const el of app.children) {
    const kind = el.name as ComponentKind;
    if (!COMPONENT_KINDS.includes(kind)) continue;
    const rawName = str(el, 'name') ?? '';
    const filters = childElements(el, 'intent-filter');
    const explicit = valueAsBoolean(androidAttribute(el, 'exported')?.value);
    let exported = false;
    let exportedBy: Component['exportedBy'] = 'none';
    if (explicit !== undefined) {
      exported = explicit;
      exportedBy = 'attribute';
    } else if (filters.length > 0) {
      exported = true;
      exportedBy = 'intent-filter';
    } else if (kind === 'provider' && (minSdk <= 16 || targetSdk <= 16)) {
      exported = true;
      exportedBy = 'provider-default';
    }
    const c: Component = {
      kind,
      name: rawName ? qualifyClassName(rawName, pkg) : '',
      element: el,
      exported,
      exportedBy,
      enabled: valueAsBoolean(androidAttribute(el, 'enabled')?.value) !== false,
      intentFilters: filters,
      isLauncher: filters.some((f) => hasChild(f, 'action', 'android.intent.action.MAIN') && hasChild(f, 'category', 'android.intent.category.LAUNCHER')),
    };
    const permission = str(el, 'permission') ?? appPermission;
    if (permission) c.permission = permission;
    if (kind === 'provider') {
      const rp = str(el, 'readPermission');
      const wp = str(el, 'writePermission');
      if (rp) c.readPermission = rp;
      if (wp) c.writePermission = wp;
    }
    info.components.push(c);
  }
  return info;
}

export function hasChild(el: XmlElement, tag: string, androidName: string): boolean {
  return childElements(el, tag).some((c) => str(c, 'name') === androidName);
}

const PROTECTION_BASE = ['normal', 'dangerous', 'signature', 'signatureOrSystem'];

/** The base protection level name; flags (privileged, development …) are ignored for the check. */
export function protectionLevelName(el: XmlElement): string {
  const v = androidAttribute(el, 'protectionLevel')?.value;
  if (!v) return 'normal';
  if (v.kind === 'string') return (v.string ?? 'normal').split('|')[0]!.trim() || 'normal';
  const n = valueAsInt(v);
  return n === undefined ? v.text : (PROTECTION_BASE[n & 0xf] ?? `0x${(n >>> 0).toString(16)}`);
}

export const attr = str;
