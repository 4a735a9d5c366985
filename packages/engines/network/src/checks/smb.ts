/**
 * SMB negotiation items, decided from what the SMB probe read (protocols/smb):
 * the SMB1 answer on its own connection and the SMB2 NEGOTIATE security mode.
 * The null session is an access item (checks/network.ts).
 */
import type { AssessmentBuilder } from '@citadel/engine-core';
import { type FoundService, describe, where } from './types.ts';

const id = (key: string) => `network.${key}`;

export async function smbChecks(b: AssessmentBuilder, services: readonly FoundService[]): Promise<void> {
  const smb = services.filter((s) => s.info.service === 'smb');
  const evidence = (s: FoundService, detail: string) => ({ file: where(s), className: 'smb', detail, ...(s.info.proof ? { request: s.info.proof.request, response: s.info.proof.response } : {}) });
  await b.check(id('service.smb1_enabled'), () => {
    for (const s of smb) if (s.info.extra?.smb1 === 'offered') b.finding(id('service.smb1_enabled'), evidence(s, `${describe(s)} chose the SMB1 dialect NT LM 0.12`));
  });
  await b.check(id('service.smb_signing_not_required'), () => {
    for (const s of smb) {
      const signing = s.info.extra?.signing;
      if (signing && signing !== 'required') b.finding(id('service.smb_signing_not_required'), evidence(s, `${describe(s)} negotiated dialect ${s.info.extra?.dialect ?? '?'} with signing ${signing}`));
    }
  });
}
