/**
 * SMB (direct TCP, port 445): what the server negotiates and whether it
 * accepts a null session. One connection: SMB2 NEGOTIATE offering 2.0.2 to
 * 3.1.1 (dialect, signing enabled/required, server GUID); SESSION_SETUP with
 * NTLMSSP inside SPNEGO, the CHALLENGE telling the server's names and OS
 * version; then the anonymous AUTHENTICATE ([MS-NLMP] §3.1.5.1.2: empty
 * user, domain and NT response) and TREE_CONNECT to \\host\IPC$ — success is
 * the proof of a null session. A second connection sends an SMB1 NEGOTIATE
 * offering only "NT LM 0.12": choosing it means SMB1 is still enabled.
 * Nothing is opened, read or written on any share; the connection is closed
 * right after the tree connect.
 */
import { hex } from '../render.ts';
import type { Conn } from '../../scan/conn.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';
import {
  DIALECTS,
  SESSION_FLAGS,
  STATUS,
  SmbError,
  dialectName,
  negotiate,
  ntlmAnonymous,
  ntlmNegotiate,
  parseNegotiate,
  parseNtlmChallenge,
  parseSessionSetup,
  parseSmb1Negotiate,
  parseTreeConnect,
  readFrame,
  sessionSetup,
  smb1Negotiate,
  spnegoInit,
  spnegoResponse,
  treeConnect,
} from './wire.ts';

const status = (s: number): string => {
  const name = Object.entries(STATUS).find(([, v]) => v === s)?.[0];
  return name ? `STATUS_${name}` : `0x${s.toString(16).padStart(8, '0')}`;
};

/** The next whole message after `from` bytes of the connection's data. */
async function next(c: Conn, from: number, timeoutMs: number): Promise<{ msg: Buffer; end: number } | undefined> {
  await c.until((d) => readFrame(d, from) !== 'incomplete', timeoutMs);
  const f = readFrame(c.data, from);
  return typeof f === 'string' ? undefined : f;
}

export interface NullSession {
  /** What the anonymous SESSION_SETUP got. */
  session: string;
  sessionFlags?: number;
  /** What TREE_CONNECT \\host\IPC$ got (absent when the session was refused). */
  tree?: string;
  accepted: boolean;
}

/** SMB1 still enabled: whether the server chose NT LM 0.12 for an SMB1 NEGOTIATE. */
export async function smb1Offered(ctx: ProbeContext): Promise<{ offered: boolean; response: string }> {
  const c = await ctx.open();
  try {
    c.write(smb1Negotiate());
    const f = await next(c, 0, ctx.timeoutMs);
    const r = f ? parseSmb1Negotiate(f.msg) : undefined;
    const offered = !!r && r.status === 0 && r.dialectIndex === 0;
    return { offered, response: f ? hex(f.msg, 48) : c.isClosed ? '(connection closed)' : '(no answer)' };
  } finally {
    c.close();
  }
}

export const smb: Protocol = {
  id: 'smb',
  ports: [445],
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    let neg;
    const steps: string[] = [];
    const answers: string[] = [];
    let nul: NullSession | undefined;
    const extra: Record<string, string> = {};
    try {
      c.write(negotiate());
      const f = await next(c, 0, ctx.timeoutMs);
      if (!f) return undefined;
      try {
        neg = parseNegotiate(f.msg);
      } catch (e) {
        if (e instanceof SmbError) return undefined;
        throw e;
      }
      steps.push(`NEGOTIATE dialects ${DIALECTS.map(dialectName).join(', ')}`);
      answers.push(`NEGOTIATE → dialect ${dialectName(neg.dialect)}, security mode ${neg.signingRequired ? 'signing required' : neg.signingEnabled ? 'signing enabled, not required' : 'signing disabled'}, server GUID ${neg.serverGuid}`);
      extra.dialect = dialectName(neg.dialect);
      extra.signing = neg.signingRequired ? 'required' : neg.signingEnabled ? 'enabled, not required' : 'disabled';
      // Null session: NTLMSSP NEGOTIATE, then the anonymous AUTHENTICATE, then IPC$.
      c.write(sessionSetup(1, 0n, spnegoInit(ntlmNegotiate())));
      const s1 = await next(c, f.end, ctx.timeoutMs);
      if (s1) {
        const r1 = parseSessionSetup(s1.msg);
        const ch = parseNtlmChallenge(r1.blob);
        steps.push('SESSION_SETUP (SPNEGO, NTLMSSP NEGOTIATE)');
        answers.push(`SESSION_SETUP → ${status(r1.header.status)}${ch ? `, NTLMSSP CHALLENGE${ch.targetName ? ` target ${ch.targetName}` : ''}${ch.osVersion ? `, OS version ${ch.osVersion}` : ''}` : ''}`);
        if (ch) {
          if (ch.info.netbios_computer) extra.netbios_name = ch.info.netbios_computer;
          if (ch.info.netbios_domain) extra.netbios_domain = ch.info.netbios_domain;
          if (ch.info.dns_computer) extra.dns_name = ch.info.dns_computer;
          if (ch.osVersion) extra.os_version = ch.osVersion;
        }
        if (r1.header.status === STATUS.MORE_PROCESSING_REQUIRED && ch) {
          c.write(sessionSetup(2, r1.header.sessionId, spnegoResponse(ntlmAnonymous())));
          const s2 = await next(c, s1.end, ctx.timeoutMs);
          steps.push('SESSION_SETUP (NTLMSSP AUTHENTICATE, anonymous: empty user and domain, LM response 00, no NT response)');
          if (s2) {
            const r2 = parseSessionSetup(s2.msg);
            const flags = [r2.sessionFlags & SESSION_FLAGS.IS_NULL ? 'IS_NULL' : '', r2.sessionFlags & SESSION_FLAGS.IS_GUEST ? 'IS_GUEST' : ''].filter(Boolean).join('|');
            answers.push(`SESSION_SETUP → ${status(r2.header.status)}${flags ? `, session flags ${flags}` : ''}`);
            nul = { session: status(r2.header.status), sessionFlags: r2.sessionFlags, accepted: false };
            if (r2.header.status === STATUS.SUCCESS) {
              const path = `\\\\${ctx.name ?? ctx.host}\\IPC$`;
              c.write(treeConnect(3, r2.header.sessionId, path));
              const t = await next(c, s2.end, ctx.timeoutMs);
              steps.push(`TREE_CONNECT ${path}`);
              const tr = t ? parseTreeConnect(t.msg) : undefined;
              nul.tree = tr ? status(tr.header.status) : '(no answer)';
              nul.accepted = tr?.header.status === STATUS.SUCCESS;
              answers.push(`TREE_CONNECT → ${nul.tree}${tr?.shareType === 2 ? ', share type pipe' : ''}`);
            }
          }
        }
      }
    } catch (e) {
      // A server that broke off mid-way still told its dialect; anything else is not SMB.
      if (!neg) {
        if (e instanceof SmbError) return undefined;
        throw e;
      }
    } finally {
      c.close();
    }
    try {
      const v1 = await smb1Offered(ctx);
      extra.smb1 = v1.offered ? 'offered' : 'not offered';
      steps.push('(second connection) SMB1 NEGOTIATE dialect "NT LM 0.12"');
      answers.push(`SMB1 NEGOTIATE → ${v1.offered ? 'NT LM 0.12 chosen' : 'refused'} (${v1.response})`);
    } catch {
      // The SMB2 facts stand without the SMB1 answer.
    }
    extra.null_session = nul ? (nul.accepted ? 'accepted (IPC$)' : `refused (${nul.tree ?? nul.session})`) : 'not tried';
    return {
      service: 'smb',
      extra,
      access: nul?.accepted ? 'open' : 'auth_required',
      proof: { request: steps.join('\n'), response: answers.join('\n') },
    };
  },
};
