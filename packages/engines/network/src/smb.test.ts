/**
 * SMB on the network platform: dialect and signing from NEGOTIATE, SMBv1
 * from an SMB1 NEGOTIATE, the null session proved by an anonymous
 * SESSION_SETUP and a TREE_CONNECT to IPC$. Against a responder written from
 * [MS-SMB2]/[MS-NLMP] (testing/smb.ts), and against Debian's real Samba
 * started on a free loopback port twice — permissive and hardened — behind a
 * recording proxy (skipped when samba is not installed). Every test asserts
 * that only NEGOTIATE, SESSION_SETUP and TREE_CONNECT were sent: no share is
 * opened, read or written.
 */
import type { Assessment } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { negotiate, ntlmAnonymous, parseNegotiate, parseNtlmChallenge, readFrame, spnegoInit, ntlmNegotiate } from './protocols/smb/wire.ts';
import { LOOPBACK_PARAMS } from './testing/services.ts';
import { type RecordingProxy, type Samba, recordingProxy, sambaMissing, startSamba, startSmbResponder } from './testing/smb.ts';

type Port = { port: number; service: string; access?: string; extra?: Record<string, string> };
const port0 = (a: Assessment) => (a.target.hosts as { ports: Port[] }[])[0]!.ports[0]!;
const result = (a: Assessment, id: string) => a.findings.find((f) => f.ruleId === id)!;
// A short probe wait: on a test's high port the probes of the protocols tried before SMB wait for an answer each.
const scan = (port: number) => engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ...LOOPBACK_PARAMS, ports: String(port), probeTimeoutMs: '300' } }, {});
/** The SMB commands the proxy saw (the other probes tried on a foreign port send their own openings: "other"). */
const smbSent = (p: RecordingProxy) => p.commands().flat().filter((c) => c !== 'other');
/** What a read-only SMB probe may send. */
const READ_ONLY = new Set(['SMB2 NEGOTIATE', 'SMB2 SESSION_SETUP', 'SMB2 TREE_CONNECT', 'SMB1 0x72']);

describe('SMB against a responder written from [MS-SMB2] and [MS-NLMP]', () => {
  it('reads SMB 3.1.1 without required signing, SMBv1 and an accepted null session, sending only an anonymous logon', async () => {
    const r = await startSmbResponder({ dialect: 0x0311, signingRequired: false, smb1: true, nullSession: true });
    try {
      const a = await scan(r.port);
      expect(port0(a)).toMatchObject({ service: 'smb', access: 'open', extra: { dialect: '3.1.1', signing: 'enabled, not required', smb1: 'offered', null_session: 'accepted (IPC$)', netbios_name: 'RESPONDER', netbios_domain: 'TESTLAB', os_version: '10.0.17763' } });
      expect(result(a, 'network.access.smb_null_session').result).toBe('fail');
      expect(result(a, 'network.service.smb1_enabled').result).toBe('fail');
      expect(result(a, 'network.service.smb_signing_not_required').result).toBe('fail');
      const proof = result(a, 'network.access.smb_null_session').evidence[0]!;
      expect(proof.file).toBe(`127.0.0.1:${r.port}`);
      expect(proof.response).toContain('TREE_CONNECT → STATUS_SUCCESS');
      // The AUTHENTICATE was anonymous (empty user, no NT response), and the only tree was IPC$.
      expect(r.received).toContain("SMB2 SESSION_SETUP NTLM 3 user='' nt=0");
      expect(r.received).toContain('SMB2 TREE_CONNECT \\\\127.0.0.1\\IPC$');
      expect(r.received.every((x) => /^SMB2 (NEGOTIATE|SESSION_SETUP NTLM [13]|TREE_CONNECT \\\\127\.0\.0\.1\\IPC\$)|^SMB1 0x72$/.test(x)), r.received.join(', ')).toBe(true);
    } finally {
      await r.stop();
    }
  });

  it('passes a hardened server: signing required, no SMBv1, anonymous logon refused', async () => {
    const r = await startSmbResponder({ dialect: 0x0302, signingRequired: true, smb1: false, nullSession: false });
    try {
      const a = await scan(r.port);
      expect(port0(a)).toMatchObject({ service: 'smb', access: 'auth_required', extra: { dialect: '3.0.2', signing: 'required', smb1: 'not offered', null_session: 'refused (STATUS_LOGON_FAILURE)' } });
      for (const id of ['network.access.smb_null_session', 'network.service.smb1_enabled', 'network.service.smb_signing_not_required']) expect(result(a, id).result, id).toBe('pass');
      expect(r.received.some((x) => x.startsWith('SMB2 TREE_CONNECT'))).toBe(false);
    } finally {
      await r.stop();
    }
  });

  it('builds the messages to the letter and reads hostile answers without throwing', () => {
    const n = negotiate(Buffer.alloc(16));
    expect(n.readUInt32BE(0)).toBe(n.length - 4);
    expect(n.subarray(4, 8).toString('latin1')).toBe('\xfeSMB');
    // 3.1.1 needs its negotiate contexts 8-aligned ([MS-SMB2] §2.2.3.1).
    expect((n.subarray(4).readUInt32LE(64 + 28)) % 8).toBe(0);
    const anon = ntlmAnonymous();
    expect(anon.readUInt16LE(12)).toBe(1); // LM response Z(1)
    expect(anon.readUInt16LE(20)).toBe(0); // no NT response
    expect(anon.readUInt16LE(36)).toBe(0); // empty user
    expect(spnegoInit(ntlmNegotiate())[0]).toBe(0x60);
    expect(readFrame(Buffer.from([1, 0, 0, 0]))).toBe('invalid');
    expect(readFrame(Buffer.from([0, 0, 0, 9, 1]))).toBe('incomplete');
    expect(() => parseNegotiate(Buffer.alloc(64))).toThrow();
    for (let i = 0; i < 200; i++) {
      const junk = Buffer.concat([Buffer.from('NTLMSSP\0\x02\0\0\0', 'latin1'), Buffer.from(Array.from({ length: 60 }, (_, k) => (k * 37 + i * 11) & 0xff))]);
      expect(() => parseNtlmChallenge(junk)).not.toThrow();
    }
  });
});

describe.skipIf(sambaMissing() !== undefined)("SMB against Debian's Samba", () => {
  let open: Samba;
  let hard: Samba;
  let openProxy: RecordingProxy;
  let hardProxy: RecordingProxy;
  beforeAll(async () => {
    [open, hard] = await Promise.all([
      startSamba({ 'server min protocol': 'NT1', 'server signing': 'auto', 'restrict anonymous': '0' }),
      startSamba({ 'server min protocol': 'SMB2_10', 'server signing': 'mandatory', 'restrict anonymous': '2' }),
    ]);
    openProxy = await recordingProxy(open.port);
    hardProxy = await recordingProxy(hard.port);
  }, 30_000);
  afterAll(async () => {
    await openProxy?.stop();
    await hardProxy?.stop();
    open?.stop();
    hard?.stop();
  });

  it('a permissive Samba: null session on IPC$, SMBv1 and signing not required, proved with reads only', async () => {
    const a = await scan(openProxy.port);
    expect(port0(a)).toMatchObject({ service: 'smb', access: 'open', extra: { dialect: '3.1.1', signing: 'enabled, not required', smb1: 'offered', null_session: 'accepted (IPC$)', netbios_name: 'CITADELTEST' } });
    expect(result(a, 'network.access.smb_null_session').result).toBe('fail');
    expect(result(a, 'network.service.smb1_enabled').result).toBe('fail');
    expect(result(a, 'network.service.smb_signing_not_required').result).toBe('fail');
    const sent = smbSent(openProxy);
    expect(sent).toContain('SMB2 TREE_CONNECT');
    expect(sent.filter((c) => !READ_ONLY.has(c))).toEqual([]);
  }, 20_000);

  it('a hardened Samba (restrict anonymous = 2, signing mandatory, SMB2_10 and up): nothing flagged', async () => {
    const a = await scan(hardProxy.port);
    expect(port0(a)).toMatchObject({ service: 'smb', access: 'auth_required', extra: { dialect: '3.1.1', signing: 'required', smb1: 'not offered' } });
    expect(port0(a).extra!.null_session).toMatch(/^refused/);
    for (const id of ['network.access.smb_null_session', 'network.service.smb1_enabled', 'network.service.smb_signing_not_required']) expect(result(a, id).result, id).toBe('pass');
    expect(smbSent(hardProxy).filter((c) => !READ_ONLY.has(c))).toEqual([]);
  }, 20_000);
});
