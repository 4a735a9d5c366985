/**
 * Network engine vs nmap 7.93 (Debian's, installed for this benchmark only) on
 * the same loopback targets, side by side in one run:
 *   1. this machine's six services (Mosquitto 1883, MariaDB 3306, NATS 4222,
 *      PostgreSQL 5432, RabbitMQ 5672, Redis 6379): `nmap -sV -Pn` vs the
 *      network platform — wall time (median), services and versions found;
 *   2. Debian's pymodbus on 127.0.0.1:502: `nmap -Pn -p 502 --script
 *      modbus-discover` vs the ics platform — time and the identity read.
 *   3. the protocols added since, each against the server its test uses (a node:tls server,
 *      Debian's snmpd, responders written from the specifications) on a free loopback port,
 *      with nmap's own script for it forced onto that port ("+script"): ssl-enum-ciphers +
 *      ssl-cert, mongodb-info, snmp-sysdescr, dns-nsid, bacnet-info, s7-info, iec-identify,
 *      fox-info, omron-info (DNP3 has no script in nmap 7.93) — time and whether each read
 *      the identity; since then SNMPv3 (snmp-info), SMB on 445 (smb-protocols,
 *      smb2-security-mode, smb-security-mode), STARTTLS (ssl-cert, ssl-enum-ciphers) and
 *      OPC UA (node-opcua's server; nmap 7.93 has no OPC UA script).
 * Run: npm run bench -- network [runs]   (default 3 runs each). Peak RSS: ours is
 * this process's (engine in-process); nmap's from /usr/bin/time when present.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { engine } from '../src/engine.ts';
import { startPymodbus } from '../src/testing/modbus.ts';
import { portOpen } from '../src/testing/services.ts';
import { startFinsResponder, startFoxResponder, startIec104Responder, startS7Responder } from '../src/testing/ics-responders.ts';
import { startMongoResponder } from '../src/testing/mongodb-responder.ts';
import { snmpdMissing, startSnmpd } from '../src/testing/snmpd.ts';
import { startTlsServer } from '../src/testing/tls-server.ts';
import { startBacnetResponder, startDnsResponder } from '../src/testing/udp-responders.ts';
import { sambaMissing, startSamba } from '../src/testing/smb.ts';
import { startStartTlsResponder } from '../src/testing/starttls-responder.ts';
import { nodeOpcuaMissing, startNodeOpcua } from '../src/testing/opcua-server.ts';

const RUNS = Number(process.argv[2] ?? 3);
const PORTS = [1883, 3306, 4222, 5432, 5672, 6379];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Found {
  port: number;
  service: string;
  version: string;
}

function nmap(args: string[]): { ms: number; xml: string; rssKb?: number } {
  const started = performance.now();
  const cmd = TIME ? [TIME, '-f', 'RSS_KB=%M', 'nmap', ...args] : ['nmap', ...args];
  const r = spawnSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = performance.now() - started;
  if (r.error) throw r.error;
  const rss = /RSS_KB=(\d+)/.exec(r.stderr ?? '');
  return { ms, xml: r.stdout, ...(rss ? { rssKb: Number(rss[1]) } : {}) };
}

function nmapServices(xml: string): Found[] {
  const out: Found[] = [];
  for (const m of xml.matchAll(/<port protocol="tcp" portid="(\d+)">(.*?)<\/port>/gs)) {
    if (!/state="open"/.test(m[2]!)) continue;
    const svc = /<service ([^>]*)\/?>/.exec(m[2]!)?.[1] ?? '';
    const attr = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(svc)?.[1] ?? '';
    out.push({ port: Number(m[1]), service: [attr('name'), attr('product')].filter(Boolean).join(' / '), version: attr('version') });
  }
  return out;
}

async function ours(platform: 'network' | 'ics', ports: number[]): Promise<{ ms: number; found: Found[]; failed: string[] }> {
  const started = performance.now();
  const a = await engine.run({ files: [], url: '127.0.0.1' }, { platform, params: { ports: ports.join(','), allowLoopback: 'true', rate: '0' } }, {});
  const ms = performance.now() - started;
  const host = (a.target.hosts as { ports: { port: number; service?: string; product?: string; version?: string; extra?: Record<string, string> }[] }[])[0];
  const found = (host?.ports ?? []).map((p) => ({ port: p.port, service: [p.service, p.product].filter(Boolean).join(' / '), version: p.version ?? '' }));
  return { ms, found, failed: a.findings.filter((f) => f.result === 'fail').map((f) => f.ruleId) };
}

function table(title: string, a: Found[], b: Found[]): void {
  console.log(`\n${title}`);
  console.log(`${'port'.padEnd(6)} ${'nmap'.padEnd(44)} citadel`);
  for (const port of [...new Set([...a, ...b].map((x) => x.port))].sort((x, y) => x - y)) {
    const n = a.find((x) => x.port === port);
    const c = b.find((x) => x.port === port);
    const show = (f?: Found) => (f ? `${f.service}${f.version ? ` ${f.version}` : ''}` : '—');
    console.log(`${String(port).padEnd(6)} ${show(n).slice(0, 43).padEnd(44)} ${show(c)}`);
  }
}

const nmapPresent = spawnSync('nmap', ['--version'], { encoding: 'utf8' }).status === 0;
if (!nmapPresent) console.log('nmap is not installed (apt-get install nmap): only this engine is measured');
const up = (await Promise.all(PORTS.map((p) => portOpen(p)))).map((ok, i) => (ok ? PORTS[i]! : 0)).filter(Boolean);
console.log(`services up on 127.0.0.1: ${up.join(', ') || 'none'}; ${RUNS} run(s) each`);

// 1. Services.
const ourTimes: number[] = [];
let ourFound: Found[] = [];
let failed: string[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await ours('network', PORTS);
  ourTimes.push(r.ms);
  ourFound = r.found;
  failed = r.failed;
}
let nmapFound: Found[] = [];
const nmapTimes: number[] = [];
const nmapRss: number[] = [];
if (nmapPresent) {
  for (let i = 0; i < RUNS; i++) {
    const r = nmap(['-sV', '-Pn', '-n', '-p', PORTS.join(','), '-oX', '-', '127.0.0.1']);
    nmapTimes.push(r.ms);
    if (r.rssKb) nmapRss.push(r.rssKb);
    nmapFound = nmapServices(r.xml);
  }
}
table('services (nmap -sV vs network platform)', nmapFound, ourFound);
const withVersion = (f: Found[]) => f.filter((x) => x.version).length;
console.log(`\ncitadel: median ${(median(ourTimes) / 1000).toFixed(3)} s over ${RUNS}, ${ourFound.length} open, ${withVersion(ourFound)} with version, unauthenticated flagged: ${failed.filter((f) => f.includes('.access.')).length} (${failed.filter((f) => f.includes('.access.')).join(', ')})`);
if (nmapPresent) console.log(`nmap -sV: median ${(median(nmapTimes) / 1000).toFixed(3)} s over ${RUNS}, ${nmapFound.length} open, ${withVersion(nmapFound)} with version${nmapRss.length ? `, peak RSS ${(Math.max(...nmapRss) / 1024).toFixed(0)} MB` : ''}`);

// 2. Modbus identity on 502.
let modbusServer;
try {
  modbusServer = (await portOpen(502)) ? undefined : await startPymodbusOn502();
} catch (e) {
  console.log(`\nModbus part skipped: ${(e as Error).message}`);
}
if (modbusServer) {
  const mt: number[] = [];
  let identity: Found[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await ours('ics', [502]);
    mt.push(r.ms);
    identity = r.found;
  }
  let script = '';
  const nt: number[] = [];
  if (nmapPresent) {
    for (let i = 0; i < RUNS; i++) {
      const r = nmap(['-Pn', '-n', '-p', '502', '--script', 'modbus-discover', '127.0.0.1']);
      nt.push(r.ms);
      script = r.xml;
    }
  }
  console.log('\nModbus/TCP identity on 127.0.0.1:502 (pymodbus)');
  if (nmapPresent) console.log(`nmap modbus-discover: median ${(median(nt) / 1000).toFixed(3)} s\n${script.split('\n').filter((l) => l.startsWith('|') || l.startsWith('502')).join('\n')}`);
  console.log(`citadel ics: median ${(median(mt) / 1000).toFixed(3)} s: ${identity.map((f) => `${f.service} ${f.version}`).join('; ')}`);
  console.log(`pymodbus writes received: ${modbusServer.writes().length}`);
  await modbusServer.stop();
}
console.log(`\ncitadel bench process peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);

/** pymodbus on the Modbus port itself: nmap's modbus-discover only runs on 502. */
async function startPymodbusOn502() {
  const s = await startPymodbus(502);
  return s;
}

// 3. Protocols added since, one server each, nmap's script forced onto the port.
interface Case {
  name: string;
  start: () => Promise<{ port: number; stop(): unknown }>;
  udp?: boolean;
  platform: 'network' | 'ics';
  scripts: string;
}
const CASES: Case[] = [
  { name: 'TLS (weak node:tls server)', start: () => startTlsServer('weak'), platform: 'network', scripts: '+ssl-enum-ciphers,+ssl-cert' },
  { name: 'MongoDB (responder)', start: () => startMongoResponder({ auth: false }), platform: 'network', scripts: '+mongodb-info' },
  ...(snmpdMissing() ? [] : [{ name: 'SNMP v2c+v3 (Debian snmpd)', start: () => startSnmpd(), udp: true, platform: 'network' as const, scripts: '+snmp-sysdescr,+snmp-info' }]),
  ...(snmpdMissing() ? [] : [{ name: 'SNMP v3 only (Debian snmpd)', start: () => startSnmpd({ v3Only: true }), udp: true, platform: 'network' as const, scripts: '+snmp-info' }]),
  // nmap's SMB library only talks to 445/139: Samba on 445 for this part (skipped when 445 is taken).
  ...(sambaMissing() || (await portOpen(445)) ? [] : [{ name: 'SMB (Debian Samba, NT1, null session)', start: () => startSamba({ 'server min protocol': 'NT1', 'restrict anonymous': '0' }, 445), platform: 'network' as const, scripts: '+smb-protocols,+smb2-security-mode,+smb-security-mode' }]),
  { name: 'SMTP STARTTLS (responder)', start: () => startStartTlsResponder('smtp'), platform: 'network', scripts: '+ssl-cert,+ssl-enum-ciphers' },
  { name: 'PostgreSQL SSLRequest (responder)', start: () => startStartTlsResponder('postgresql'), platform: 'network', scripts: '+ssl-cert' },
  ...((await nodeOpcuaMissing()) ? [] : [{ name: 'OPC UA (node-opcua server)', start: startNodeOpcua, platform: 'ics' as const, scripts: '' }]),
  { name: 'DNS (responder)', start: () => startDnsResponder({ recursive: true }), udp: true, platform: 'network', scripts: '+dns-nsid' },
  { name: 'BACnet/IP (responder)', start: startBacnetResponder, udp: true, platform: 'ics', scripts: '+bacnet-info' },
  { name: 'S7comm (responder)', start: startS7Responder, platform: 'ics', scripts: '+s7-info' },
  { name: 'IEC 60870-5-104 (responder)', start: startIec104Responder, platform: 'ics', scripts: '+iec-identify' },
  { name: 'Niagara Fox (responder)', start: startFoxResponder, platform: 'ics', scripts: '+fox-info' },
  { name: 'OMRON FINS (responder)', start: startFinsResponder, platform: 'ics', scripts: '+omron-info' },
];
console.log('\nfurther protocols: citadel vs nmap script (median ms; identity read)');
for (const c of CASES) {
  const srv = await c.start();
  try {
    const ct: number[] = [];
    let id = '';
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: c.platform, params: c.udp ? { ports: '1', udpPorts: String(srv.port), allowLoopback: 'true', rate: '0' } : { ports: String(srv.port), allowLoopback: 'true', rate: '0' } }, {});
      ct.push(performance.now() - started);
      const p = (a.target.hosts as { ports: { service?: string; product?: string; version?: string; extra?: Record<string, string> }[] }[])[0]?.ports.find((x) => x.service && x.service !== 'unknown');
      const facts = ['dialect', 'signing', 'smb1', 'null_session', 'starttls', 'snmpv3_engine', 'anonymous_session', 'vendor'].filter((k) => p?.extra?.[k]).map((k) => `${k}=${p!.extra![k]}`);
      id = p ? [p.service, p.product, p.version, ...facts].filter(Boolean).join(' ') : '—';
      id += `; failed: ${a.findings.filter((f) => f.result === 'fail').length}`;
    }
    let nm = 'nmap not installed';
    if (nmapPresent && !c.scripts) nm = 'no script for it in nmap 7.93';
    else if (nmapPresent) {
      const nt: number[] = [];
      let out = '';
      for (let i = 0; i < RUNS; i++) {
        const r = nmap(['-Pn', '-n', c.udp ? '-sU' : '-sT', '-p', String(srv.port), '--script', c.scripts, '127.0.0.1']);
        nt.push(r.ms);
        out = r.xml;
      }
      const lines = out.split('\n').filter((l) => l.startsWith('|')).length;
      nm = `${median(nt).toFixed(0)} ms, ${lines} script output line(s)`;
    }
    console.log(`${c.name.padEnd(30)} citadel ${median(ct).toFixed(0)} ms (${id}) | nmap ${nm}`);
  } finally {
    await srv.stop();
  }
}
