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

/** `v3Only`: no community at all, only an SNMPv3 user (v1/v2c requests are dropped; engine discovery still answers). */
export async function startSnmpd(o: { v3Only?: boolean } = {}): Promise<Snmpd> {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-snmpd-'));
  const port = await freeUdpPort();
  const conf = join(dir, 'snmpd.conf');
  const access = o.v3Only ? 'createUser citadelv3 SHA "citadel-test-auth" AES "citadel-test-priv"\nrouser citadelv3 authpriv\n' : 'rocommunity public 127.0.0.1\n';
  writeFileSync(conf, `${access}sysLocation Citadel test rack\nsysName citadel-snmp-test\n`);
  const child: ChildProcess = spawn(SNMPD, ['-f', '-Lo', '-C', '-c', conf, '-p', join(dir, 'pid'), `udp:127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MIBS: '', MIBDIRS: dir, SNMP_PERSISTENT_DIR: dir } });
  // SNMP_PERSISTENT_DIR: the agent's engine boots and v3 users stay in the test's folder, not /var/lib/snmp.
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
      // The agent writes its persistent state as it exits: the folder goes once it has.
      if (child.exitCode !== null) rmSync(dir, { recursive: true, force: true });
      else {
        child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
        child.kill();
      }
    },
  };
}
