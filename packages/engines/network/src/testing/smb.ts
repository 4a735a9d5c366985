/**
 * Test support for SMB: Debian's Samba (package samba) started on a free
 * loopback port with a configuration of its own, a recording TCP proxy put
 * in front of it (so a test sees every SMB command the engine sent to the
 * real server), and an SMB2 responder written from [MS-SMB2] / [MS-NLMP]
 * that answers NEGOTIATE, the two SESSION_SETUP rounds and TREE_CONNECT and
 * records the commands and the NTLMSSP user it got.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SMBD = '/usr/sbin/smbd';

export function sambaMissing(): string | undefined {
  return existsSync(SMBD) ? undefined : `${SMBD} not installed (Debian package samba)`;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export interface Samba {
  port: number;
  stop(): void;
}

/** smbd in the foreground; `settings` are smb.conf [global] lines (signing, anonymous, protocols). */
export async function startSamba(settings: Record<string, string>, fixedPort?: number): Promise<Samba> {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-smbd-'));
  mkdirSync(join(dir, 'ncalrpc'));
  // A fixed port only for the benchmark (nmap's SMB scripts run on 445 only).
  const port = fixedPort ?? (await freePort());
  const global: Record<string, string> = {
    workgroup: 'CITADEL',
    'netbios name': 'CITADELTEST',
    'server role': 'standalone server',
    'smb ports': String(port),
    interfaces: '127.0.0.1',
    'bind interfaces only': 'yes',
    'disable netbios': 'yes',
    'load printers': 'no',
    'printcap name': '/dev/null',
    'disable spoolss': 'yes',
    ...Object.fromEntries(['pid directory', 'lock directory', 'state directory', 'cache directory', 'private dir'].map((k) => [k, dir])),
    'ncalrpc dir': join(dir, 'ncalrpc'),
    'log file': join(dir, 'log'),
    ...settings,
  };
  const conf = join(dir, 'smb.conf');
  writeFileSync(conf, `[global]\n${Object.entries(global).map(([k, v]) => `  ${k} = ${v}`).join('\n')}\n`);
  // Its own process group: smbd signals its whole group when it stops, which must not be the test runner's.
  const child: ChildProcess = spawn(SMBD, ['--foreground', '--no-process-group', `--configfile=${conf}`, '--debug-stdout', '-d', '1'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      child.kill();
    }
  };
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  // Ready when the port accepts a connection.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`smbd exited with ${child.exitCode}: ${out.slice(-500)}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (ok) break;
    if (Date.now() > deadline) {
      kill();
      throw new Error(`smbd did not listen on ${port}: ${out.slice(-500)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    stop: () => {
      kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SMB2 command numbers ([MS-SMB2] §2.2.1) by name, for the recordings. */
const SMB2_COMMANDS = ['NEGOTIATE', 'SESSION_SETUP', 'LOGOFF', 'TREE_CONNECT', 'TREE_DISCONNECT', 'CREATE', 'CLOSE', 'FLUSH', 'READ', 'WRITE', 'LOCK', 'IOCTL', 'CANCEL', 'ECHO', 'QUERY_DIRECTORY', 'CHANGE_NOTIFY', 'QUERY_INFO', 'SET_INFO', 'OPLOCK_BREAK'];

/** The commands in a client's byte stream: "SMB2 NEGOTIATE", "SMB1 0x72" … */
export function smbCommands(stream: Buffer): string[] {
  const out: string[] = [];
  for (let i = 0; i + 4 <= stream.length; ) {
    const len = stream.readUInt32BE(i) & 0xffffff;
    const m = stream.subarray(i + 4, i + 4 + len);
    if (m.length >= 16 && m.readUInt32BE(0) === 0xfe534d42) out.push(`SMB2 ${SMB2_COMMANDS[m.readUInt16LE(12)] ?? m.readUInt16LE(12)}`);
    else if (m.length >= 5 && m.readUInt32BE(0) === 0xff534d42) out.push(`SMB1 0x${m[4]!.toString(16)}`);
    else out.push('other');
    i += 4 + len;
  }
  return out;
}

export interface RecordingProxy {
  port: number;
  /** What each client connection sent, as SMB commands. */
  commands(): string[][];
  stop(): Promise<void>;
}

/** A TCP forwarder to 127.0.0.1:`target` that keeps every byte the client sent. */
export async function recordingProxy(target: number): Promise<RecordingProxy> {
  const streams: Buffer[][] = [];
  const server = net.createServer((client) => {
    const mine: Buffer[] = [];
    streams.push(mine);
    const upstream = net.connect(target, '127.0.0.1');
    client.on('data', (d: Buffer) => {
      mine.push(d);
      upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => client.write(d));
    const end = () => (client.destroy(), upstream.destroy());
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    commands: () => streams.map((s) => smbCommands(Buffer.concat(s))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- the responder ----

export interface SmbResponderOptions {
  dialect: number;
  signingRequired: boolean;
  smb1: boolean;
  nullSession: boolean;
}

export interface SmbResponder {
  port: number;
  /** "SMB2 NEGOTIATE", "SMB2 SESSION_SETUP NTLM 1", "SMB2 SESSION_SETUP NTLM 3 user=''", "SMB2 TREE_CONNECT \\x\IPC$", "SMB1 0x72" … */
  received: string[];
  stop(): Promise<void>;
}

const frame = (m: Buffer) => {
  const h = Buffer.alloc(4);
  h.writeUInt32BE(m.length);
  return Buffer.concat([h, m]);
};

function reply(req: Buffer, status: number, body: Buffer, o: { sessionId?: bigint; treeId?: number } = {}): Buffer {
  const h = Buffer.from(req.subarray(0, 64));
  h.writeUInt32LE(status, 8);
  h.writeUInt16LE(1, 14); // credits granted
  h.writeUInt32LE(0x1, 16); // SERVER_TO_REDIR
  if (o.treeId !== undefined) h.writeUInt32LE(o.treeId, 36);
  if (o.sessionId !== undefined) h.writeBigUInt64LE(o.sessionId, 40);
  return frame(Buffer.concat([h, body]));
}

/** A CHALLENGE ([MS-NLMP] §2.2.1.2) with NetBIOS names in the target info and version 10.0.17763. */
function challenge(): Buffer {
  const name = Buffer.from('RESPONDER', 'utf16le');
  const av = (id: number, v: string) => {
    const s = Buffer.from(v, 'utf16le');
    const h = Buffer.alloc(4);
    h.writeUInt16LE(id, 0);
    h.writeUInt16LE(s.length, 2);
    return Buffer.concat([h, s]);
  };
  const info = Buffer.concat([av(1, 'RESPONDER'), av(2, 'TESTLAB'), Buffer.alloc(4)]);
  const fixed = Buffer.alloc(56);
  fixed.write('NTLMSSP\0', 0, 'latin1');
  fixed.writeUInt32LE(2, 8);
  fixed.writeUInt16LE(name.length, 12);
  fixed.writeUInt16LE(name.length, 14);
  fixed.writeUInt32LE(56, 16);
  fixed.writeUInt32LE(0x02898205, 20); // unicode, NTLM, target info, version …
  fixed.write('0123456789abcdef', 24, 'hex');
  fixed.writeUInt16LE(info.length, 40);
  fixed.writeUInt16LE(info.length, 42);
  fixed.writeUInt32LE(56 + name.length, 44);
  fixed[48] = 10;
  fixed[49] = 0;
  fixed.writeUInt16LE(17763, 50);
  fixed[55] = 15;
  return Buffer.concat([fixed, name, info]);
}

export async function startSmbResponder(o: SmbResponderOptions): Promise<SmbResponder> {
  const received: string[] = [];
  const server = net.createServer((s) => {
    s.on('error', () => undefined);
    let buf = Buffer.alloc(0);
    s.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 4) {
        // Direct TCP: a session message starts with a zero byte ([MS-SMB2] §2.1); anything else is not SMB.
        if (buf[0] !== 0) return void s.destroy();
        const len = buf.readUInt32BE(0) & 0xffffff;
        if (buf.length < 4 + len) return;
        const m = buf.subarray(4, 4 + len);
        buf = buf.subarray(4 + len);
        if (m.length >= 5 && m.readUInt32BE(0) === 0xff534d42) {
          received.push(`SMB1 0x${m[4]!.toString(16)}`);
          if (!o.smb1) return void s.destroy();
          // NEGOTIATE response (NT LM 0.12, index 0): header, 17 words, no bytes.
          const h = Buffer.from(m.subarray(0, 32));
          h[9] = 0x98;
          const words = Buffer.alloc(1 + 34 + 2);
          words[0] = 17;
          words.writeUInt16LE(0, 1);
          s.write(frame(Buffer.concat([h, words])));
          continue;
        }
        if (m.length < 64 || m.readUInt32BE(0) !== 0xfe534d42) return void s.destroy();
        const cmd = m.readUInt16LE(12);
        const body = m.subarray(64);
        if (cmd === 0) {
          received.push('SMB2 NEGOTIATE');
          const r = Buffer.alloc(64);
          r.writeUInt16LE(65, 0);
          r.writeUInt16LE(o.signingRequired ? 3 : 1, 2);
          r.writeUInt16LE(o.dialect, 4);
          Buffer.from('00112233445566778899aabbccddeeff', 'hex').copy(r, 8);
          r.writeBigUInt64LE(133_000_000_000_000_000n, 40);
          s.write(reply(m, 0, r));
        } else if (cmd === 1) {
          const off = body.readUInt16LE(12) - 64;
          const blob = body.subarray(off, off + body.readUInt16LE(14));
          const at = blob.indexOf('NTLMSSP\0');
          const ntlm = at >= 0 ? blob.subarray(at) : Buffer.alloc(0);
          const type = ntlm.length >= 12 ? ntlm.readUInt32LE(8) : 0;
          if (type === 3) {
            const ulen = ntlm.readUInt16LE(36);
            const uoff = ntlm.readUInt32LE(40);
            const ntLen = ntlm.readUInt16LE(20);
            received.push(`SMB2 SESSION_SETUP NTLM 3 user='${ntlm.toString('utf16le', uoff, uoff + ulen)}' nt=${ntLen}`);
            const r = Buffer.alloc(8);
            r.writeUInt16LE(9, 0);
            r.writeUInt16LE(o.nullSession ? 0x2 : 0, 2);
            s.write(reply(m, o.nullSession ? 0 : 0xc000006d, r, { sessionId: 0x77n }));
          } else {
            received.push(`SMB2 SESSION_SETUP NTLM ${type}`);
            const c = challenge();
            const r = Buffer.alloc(8);
            r.writeUInt16LE(9, 0);
            r.writeUInt16LE(72, 4);
            r.writeUInt16LE(c.length, 6);
            s.write(reply(m, 0xc0000016, Buffer.concat([r, c]), { sessionId: 0x77n }));
          }
        } else if (cmd === 3) {
          const off = body.readUInt16LE(4) - 64;
          received.push(`SMB2 TREE_CONNECT ${body.toString('utf16le', off, off + body.readUInt16LE(6))}`);
          const r = Buffer.alloc(16);
          r.writeUInt16LE(16, 0);
          r[2] = 2;
          s.write(reply(m, 0, r, { treeId: 1 }));
        } else {
          received.push(`SMB2 ${SMB2_COMMANDS[cmd] ?? cmd}`);
          s.destroy();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
