/**
 * Test support: Debian's Net-SNMP agent (package snmpd) on a free loopback
 * UDP port with a configuration of its own (read-only community "public"
 * for the loopback only, no "private"), so the SNMP probe meets a real agent.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SNMPD = '/usr/sbin/snmpd';

export function snmpdMissing(): string | undefined {
  return existsSync(SNMPD) ? undefined : `${SNMPD} not installed (Debian package snmpd)`;
}

async function freeUdpPort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve));
  const port = s.address().port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export interface Snmpd {
  port: number;
  stop(): void;
}

export async function startSnmpd(): Promise<Snmpd> {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-snmpd-'));
  const port = await freeUdpPort();
  const conf = join(dir, 'snmpd.conf');
  writeFileSync(conf, `rocommunity public 127.0.0.1\nsysLocation Citadel test rack\nsysName citadel-snmp-test\n`);
  const child: ChildProcess = spawn(SNMPD, ['-f', '-Lo', '-C', '-c', conf, '-p', join(dir, 'pid'), `udp:127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MIBS: '', MIBDIRS: dir } });
  // Ready when it says so on stdout ("NET-SNMP version … AgentX subagent connected" or "started").
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, 3000);
    const onData = (d: Buffer) => {
      if (/NET-SNMP version/i.test(d.toString())) {
        clearTimeout(t);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`snmpd exited with ${code}`));
    });
  });
  return {
    port,
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
