/**
 * Signing and provisioning: get-task-allow in the entitlements the main
 * executable was signed with (else those of embedded.mobileprovision), the
 * profile type, and expiry of the profile and the signing certificate.
 */
import { plistBool, plistGet } from '../formats/index.ts';
import type { IosCheckContext } from './context.ts';

export const PROVISIONING_KEYS = ['provisioning.get_task_allow', 'provisioning.development_profile', 'provisioning.profile_expired'] as const;

export async function provisioningChecks(c: IosCheckContext): Promise<void> {
  const { pkg } = c;
  const main = pkg.binaries.find((b) => b.role === 'main');
  const profile = pkg.provisioning;
  const profilePath = `${pkg.bundleDir}embedded.mobileprovision`;

  const signed = main?.signature?.entitlements?.plist;
  if (!signed && !profile) c.notExecuted(['provisioning.get_task_allow'], 'neither signed entitlements nor a provisioning profile could be read');
  else {
    await c.run(['provisioning.get_task_allow'], () => {
      const fromSignature = plistBool(plistGet(signed, 'get-task-allow'));
      if (fromSignature === true) c.fail('provisioning.get_task_allow', { file: main!.path, snippet: 'get-task-allow = true', detail: 'entitlements of the code signature', fact: { id: 'ios.get_task_allow' } });
      else if (fromSignature === undefined && profile?.getTaskAllow === true) c.fail('provisioning.get_task_allow', { file: profilePath, snippet: 'get-task-allow = true', detail: 'Entitlements of the provisioning profile' });
    });
  }

  if (!profile) {
    const reason = pkg.unreadable.some((u) => u.file === profilePath) ? 'embedded.mobileprovision could not be read' : 'no embedded.mobileprovision (App Store builds carry none)';
    c.notExecuted(['provisioning.development_profile'], reason);
  } else {
    await c.run(['provisioning.development_profile'], () => {
      const detail = `${profile.name ?? 'profile'}: ${profile.type}${profile.provisionedDevices > 0 ? `, ${profile.provisionedDevices} provisioned devices` : ''}`;
      const fact = profile.type === 'development' && profile.provisionedDevices > 0 ? { id: 'ios.development_profile', values: { name: profile.name ?? 'profile', devices: profile.provisionedDevices } } : undefined;
      if (profile.type === 'development' || profile.type === 'enterprise') c.fail('provisioning.development_profile', { file: profilePath, snippet: profile.type, detail, ...(fact ? { fact } : {}) });
      else if (profile.type === 'ad-hoc') c.problem('provisioning.development_profile', { file: profilePath, snippet: profile.type, detail });
    });
  }

  const signerExpiry = main?.signer?.notAfter;
  if (!profile?.expirationDate && !signerExpiry) c.notExecuted(['provisioning.profile_expired'], 'no provisioning profile or signing certificate with an expiry date');
  else {
    await c.run(['provisioning.profile_expired'], () => {
      const now = c.now.getTime();
      if (profile?.expirationDate && Date.parse(profile.expirationDate) < now) c.fail('provisioning.profile_expired', { file: profilePath, snippet: `ExpirationDate ${profile.expirationDate}`, detail: `profile ${profile.name ?? ''} expired`, fact: { id: 'profile.expired_named', values: { name: profile.name ?? '' } } });
      if (signerExpiry && Date.parse(signerExpiry) < now) c.fail('provisioning.profile_expired', { file: main!.path, snippet: `notAfter ${signerExpiry}`, detail: `signing certificate ${main!.signer!.subject} expired`, fact: { id: 'cert.signing_expired', values: { subject: main!.signer!.subject } } });
    });
  }
}
