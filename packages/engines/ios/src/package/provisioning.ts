/**
 * embedded.mobileprovision: a CMS SignedData whose content is a plist naming
 * the team, the app id, the entitlements, the devices and the expiry. Its type
 * follows from those keys: enterprise profiles provision all devices, App
 * Store profiles list no devices, development ones allow debugging.
 */
import { parseCertificate, parseSignedData, FormatError } from '@citadel/engine-core';
import { plistBool, plistGet, plistString, readPlist, type PlistValue } from '../formats/index.ts';

export type ProfileType = 'development' | 'ad-hoc' | 'enterprise' | 'app-store';

export interface ProvisioningProfile {
  type: ProfileType;
  name?: string;
  appIdName?: string;
  uuid?: string;
  teamId?: string;
  teamName?: string;
  creationDate?: string;
  expirationDate?: string;
  provisionedDevices: number;
  provisionsAllDevices: boolean;
  entitlements?: PlistValue;
  getTaskAllow?: boolean;
  /** Subjects and expiry of the developer certificates the profile allows. */
  developerCertificates: { subject: string; notAfter: string; sha1: string }[];
  /** The CMS signer (Apple's provisioning signing certificate). */
  signedBy?: string;
}

const MAX_CERTIFICATES = 50;

function date(v: PlistValue | undefined): string | undefined {
  return v?.kind === 'date' && !Number.isNaN(v.value.getTime()) ? v.value.toISOString() : undefined;
}

export function readProvisioningProfile(bytes: Uint8Array): ProvisioningProfile {
  const sd = parseSignedData(bytes);
  if (!sd.content) throw new FormatError('provisioning profile without content', 'mobileprovision');
  const root = readPlist(sd.content);
  if (root.kind !== 'dict') throw new FormatError('provisioning profile payload is not a dictionary', 'mobileprovision');
  const devices = plistGet(root, 'ProvisionedDevices');
  const provisionedDevices = devices?.kind === 'array' ? devices.items.length : 0;
  const provisionsAllDevices = plistBool(plistGet(root, 'ProvisionsAllDevices')) === true;
  const entitlements = plistGet(root, 'Entitlements');
  const getTaskAllow = plistBool(plistGet(entitlements, 'get-task-allow'));
  const type: ProfileType = provisionsAllDevices ? 'enterprise' : devices?.kind === 'array' ? (getTaskAllow ? 'development' : 'ad-hoc') : 'app-store';
  const developerCertificates: ProvisioningProfile['developerCertificates'] = [];
  const certs = plistGet(root, 'DeveloperCertificates');
  for (const c of certs?.kind === 'array' ? certs.items.slice(0, MAX_CERTIFICATES) : []) {
    if (c.kind !== 'data') continue;
    try {
      const cert = parseCertificate(c.value);
      developerCertificates.push({ subject: cert.subject, notAfter: cert.notAfter, sha1: cert.fingerprints.sha1 });
    } catch {
      // an unreadable certificate is left out; the profile itself is still useful
    }
  }
  const teams = plistGet(root, 'TeamIdentifier');
  return {
    type,
    name: plistString(plistGet(root, 'Name')),
    appIdName: plistString(plistGet(root, 'AppIDName')),
    uuid: plistString(plistGet(root, 'UUID')),
    teamId: plistString(plistGet(teams, 0)) ?? plistString(plistGet(entitlements, 'com.apple.developer.team-identifier')),
    teamName: plistString(plistGet(root, 'TeamName')),
    creationDate: date(plistGet(root, 'CreationDate')),
    expirationDate: date(plistGet(root, 'ExpirationDate')),
    provisionedDevices,
    provisionsAllDevices,
    ...(entitlements ? { entitlements } : {}),
    ...(getTaskAllow !== undefined ? { getTaskAllow } : {}),
    developerCertificates,
    signedBy: (sd.signers[0]?.certificate ?? sd.certificates[0])?.subject,
  };
}
