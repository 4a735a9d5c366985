/**
 * Network engine vs nmap 7.93 (Debian's, installed for this benchmark only) on
 * the same loopback targets, side by side in one run:
 *   1. this machine's six services (Mosquitto 1883, MariaDB 3306, NATS 4222,
 *      PostgreSQL 5432, RabbitMQ 5672, Redis 6379): `nmap -sV -Pn` vs the
 *      network platform — wall time (median), services and versions found;
 *   2. Debian's pymodbus on 127.0.0.1:502: `nmap -Pn -p 502 --script
 *      modbus-discover` vs the ics platform — time and the identity read.
 * Run: npm run bench -- network [runs]   (default 3 runs each). Peak RSS: ours is
 * this process's (engine in-process); nmap's from /usr/bin/time when present.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { engine } from '../src/engine.ts';
import { startPymodbus } from '../src/testing/modbus.ts';
import { portOpen } from '../src/testing/services.ts';

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
