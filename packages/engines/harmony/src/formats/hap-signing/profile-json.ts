/**
 * The provisioning profile's JSON (the content of the profile sub-block's
 * PKCS#7 SignedData), as issued by OpenHarmony / AppGallery: type debug or
 * release, bundle-info (bundle name, apl, app feature, the development or
 * distribution certificate in PEM), validity in Unix seconds, debug-info device
 * ids, ACLs and restricted permissions. Field names as seen in the corpus HAP
 * and in hapsigner's profile templates.
 */
import { ShapeReader, isObject, parseJsonBounded, type JsonObject } from '../json-shape/index.ts';

export interface HapProfile {
  type?: string;
  versionName?: string;
  versionCode?: number;
  uuid?: string;
  /** "app_gallery", "enterprise", "os_integration", "crowdtesting", "enterprise_normal", "enterprise_mdm" … */
  appDistributionType?: string;
  issuer?: string;
  validity?: { notBefore?: number; notAfter?: number };
  bundleInfo: {
    developerId?: string;
    bundleName?: string;
    /** normal, system_basic or system_core */
    apl?: string;
    appFeature?: string;
    developmentCertificatePem?: string;
    distributionCertificatePem?: string;
    /** AppGallery profiles carry an app identifier. */
    appIdentifier?: string;
  };
  debugInfo?: { deviceIdType?: string; deviceIds: string[] };
  allowedAcls: string[];
  restrictedPermissions: string[];
  /** Shape problems met while reading (wrong types); missing fields are simply undefined. */
  issues: string[];
  raw: JsonObject;
}

export function readHapProfileJson(input: Uint8Array | string): HapProfile {
  const json = parseJsonBounded(input, 'hap-profile', { maxBytes: 1024 * 1024 });
  const s = new ShapeReader();
  if (!isObject(json)) {
    s.issues.push('profile is not a JSON object');
    return { bundleInfo: {}, allowedAcls: [], restrictedPermissions: [], issues: s.issues, raw: {} };
  }
  const validity = s.obj(json, 'validity', 'profile');
  const bundle = s.obj(json, 'bundle-info', 'profile');
  const debug = s.obj(json, 'debug-info', 'profile');
  return {
    type: s.str(json, 'type', 'profile'),
    versionName: s.str(json, 'version-name', 'profile'),
    versionCode: s.num(json, 'version-code', 'profile'),
    uuid: s.str(json, 'uuid', 'profile'),
    appDistributionType: s.str(json, 'app-distribution-type', 'profile'),
    issuer: s.str(json, 'issuer', 'profile'),
    validity: validity && { notBefore: s.num(validity, 'not-before', 'profile.validity'), notAfter: s.num(validity, 'not-after', 'profile.validity') },
    bundleInfo: {
      developerId: s.str(bundle, 'developer-id', 'profile.bundle-info'),
      bundleName: s.str(bundle, 'bundle-name', 'profile.bundle-info'),
      apl: s.str(bundle, 'apl', 'profile.bundle-info'),
      appFeature: s.str(bundle, 'app-feature', 'profile.bundle-info'),
      developmentCertificatePem: s.str(bundle, 'development-certificate', 'profile.bundle-info'),
      distributionCertificatePem: s.str(bundle, 'distribution-certificate', 'profile.bundle-info'),
      appIdentifier: s.str(bundle, 'app-identifier', 'profile.bundle-info'),
    },
    debugInfo: debug && { deviceIdType: s.str(debug, 'device-id-type', 'profile.debug-info'), deviceIds: s.strs(debug, 'device-ids', 'profile.debug-info') },
    allowedAcls: s.strs(s.obj(json, 'acls', 'profile'), 'allowed-acls', 'profile.acls').filter((a) => a !== ''),
    restrictedPermissions: s.strs(s.obj(json, 'permissions', 'profile'), 'restricted-permissions', 'profile.permissions'),
    issues: s.issues,
    raw: json,
  };
}
