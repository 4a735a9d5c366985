/**
 * The network / ICS engine: `input.url` holds the targets (hosts, addresses,
 * CIDR ranges), `options.params` the ports and limits (options.ts). Order:
 * targets resolved and held to the administrator's policy (the web engine's
 * NetworkPolicy: loopback/private refused unless configured, link-local and
 * metadata always), TCP connect scan, service identification on open ports,
 * then the platform's checks. The user's abort signal cancels at once; the
 * total time limit stops the work and returns partial results, said so in
 * `unreadable`. Nothing is ever written to a service or device.
 */
import { setMaxListeners } from 'node:events';
import type { Assessment, Platform } from '@citadel/contracts';
import { type Engine, type EngineContext, type EngineInput, EngineInputError, type EngineOptions, requestedPlatform, startAssessment } from '@citadel/engine-core';
import { NetworkPolicy } from '@citadel/engine-web';
import { NETWORK_CATALOGUE } from './catalogue/index.ts';
import { icsChecks } from './checks/ics.ts';
import { networkChecks } from './checks/network.ts';
import type { FoundService } from './checks/types.ts';
import { vulnSource } from './checks/vuln.ts';
import { parseConfig } from './options.ts';
import { ConnError } from './scan/conn.ts';
import { connectScan } from './scan/connect-scan.ts';
import { Gate } from './scan/gate.ts';
import { identify, probeContext } from './scan/identify.ts';
import { ICS_PORTS, ICS_UDP_PORTS, NETWORK_PORTS, NETWORK_UDP_PORTS } from './scan/ports.ts';
import { udpContext } from './scan/udp.ts';
import { udpProtocolsFor } from './protocols/udp.ts';
import { planTargets } from './scan/targets.ts';
import { probeStartTls } from './protocols/tls/index.ts';
import { STARTTLS } from './protocols/tls/starttls.ts';

export const ENGINE_VERSION = '0.1.0';
const PLATFORMS = ['network', 'ics'] as const;

/** One host of the result page: its open ports and what answers on them. */
export interface HostResult {
  address: string;
  name?: string;
  ports: { port: number; state: 'open'; transport?: 'udp'; service?: string; product?: string; version?: string; extra?: Record<string, string>; access?: string }[];
}

export class NetworkEngine implements Engine {
  readonly name = 'network';
  readonly version = ENGINE_VERSION;
  readonly platforms: readonly Platform[] = PLATFORMS;
  readonly catalogue = NETWORK_CATALOGUE;

  /** Targets are host lists, never files. */
  accepts(): Platform | undefined {
    return undefined;
  }

  async run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment> {
    ctx.signal?.throwIfAborted();
    const platform = requestedPlatform(options, PLATFORMS) ?? 'network';
    const config = parseConfig(options.params ?? {});
    let policy: NetworkPolicy;
    try {
      policy = new NetworkPolicy({ allow: config.allowNetworks, deny: config.denyNetworks, allowPrivate: config.allowPrivate, allowLoopback: config.allowLoopback });
    } catch (e) {
      throw new EngineInputError('missing_parameter', (e as Error).message);
    }
    const plan = await planTargets(input.url, policy, config.maxHosts, ctx.signal);
    if (plan.hosts.length === 0) {
      const why = plan.refused.slice(0, 5).map((r) => `${r.target}: ${r.reason}`).join('; ');
      throw new EngineInputError('unreachable', `no target may be scanned under the scan policy${why ? ` (${why})` : ''}`);
    }
    const timeLimit = new AbortController();
    const timer = setTimeout(() => timeLimit.abort(new Error(`total time limit of ${config.timeLimitMs / 1000} s reached`)), config.timeLimitMs);
    const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeLimit.signal]) : timeLimit.signal;
    setMaxListeners(4096, signal, timeLimit.signal);
    const gate = new Gate(policy, config.ratePerSecond, config.concurrency, signal);
    const b = startAssessment(this, platform, options, ctx);
    try {
      for (const r of plan.refused) b.unreadable(r.target, `not scanned: ${r.reason}`);
      const ports = config.ports ?? (platform === 'ics' ? ICS_PORTS : NETWORK_PORTS);
      b.setPhase(`connect scan: ${plan.hosts.length} host(s) × ${ports.length} port(s)`);
      const scan = await connectScan(
        plan.hosts.map((h) => h.address),
        ports,
        { gate, concurrency: config.concurrency, initialTimeoutMs: config.connectTimeoutMs, stop: signal, onProgress: (done, total) => b.setPhase(`connect scan: ${done}/${total}`) },
      );
      ctx.signal?.throwIfAborted();
      const open = scan.results.filter((r) => r.state === 'open');
      b.setPhase(`service detection: ${open.length} open port(s)`);
      const services: FoundService[] = [];
      const hostName = new Map(plan.hosts.map((h) => [h.address, h.name]));
      await pool(open, config.concurrency, async (r) => {
        if (signal.aborted) return;
        const rtt = scan.rtt.get(r.host)!;
        const name = hostName.get(r.host);
        const info = await identify(r.host, r.port, { gate, rtt, probeTimeoutMs: config.probeTimeoutMs, ics: platform === 'ics', ...(name ? { name } : {}) }).catch((e: unknown) => {
          if (signal.aborted || (e instanceof ConnError && e.kind === 'policy')) throw e;
          b.unreadable(`${r.host}:${r.port}`, `service detection failed: ${(e as Error).message}`);
          return undefined;
        });
        services.push({ host: r.host, ...(name ? { name } : {}), port: r.port, info: info ?? { service: 'unknown' }, ctx: probeContext(r.host, r.port, { gate, rtt, probeTimeoutMs: config.probeTimeoutMs, ...(name ? { name } : {}) }) });
      }).catch((e: unknown) => {
        if (!timeLimit.signal.aborted) throw e;
      });
      ctx.signal?.throwIfAborted();
      // STARTTLS on the cleartext services that have it: the TLS checks then run on those ports too.
      const upgradable = services.filter((s) => !s.info.tls && STARTTLS[s.info.service]);
      if (upgradable.length > 0 && !signal.aborted) {
        b.setPhase(`STARTTLS: ${upgradable.length} service(s)`);
        await pool(upgradable, config.concurrency, async (s) => {
          if (signal.aborted) return;
          const st = STARTTLS[s.info.service]!;
          const tctx = probeContext(s.host, s.port, { gate, rtt: scan.rtt.get(s.host)!, probeTimeoutMs: config.probeTimeoutMs, starttls: st, ...(s.name ? { name: s.name } : {}) });
          const r = await probeStartTls(tctx);
          if ('tls' in r) {
            s.info.tls = { ...r.tls, starttls: st.name };
            s.info.extra = { ...s.info.extra, starttls: `${st.name} → ${r.tls.protocol}` };
            s.tlsCtx = tctx;
          } else s.info.extra = { ...s.info.extra, starttls: `not offered (${r.refused})`.slice(0, 200) };
        }).catch((e: unknown) => {
          if (!timeLimit.signal.aborted) throw e;
        });
        ctx.signal?.throwIfAborted();
      }
      const udpPorts = config.udpPorts ?? (platform === 'ics' ? ICS_UDP_PORTS : NETWORK_UDP_PORTS);
      if (udpPorts.length > 0 && !signal.aborted) {
        // UDP has no connect scan: a port is open when its protocol's request gets an answer.
        b.setPhase(`UDP: ${plan.hosts.length} host(s) × ${udpPorts.length} port(s)`);
        const jobs = plan.hosts.flatMap((h) => udpPorts.map((port) => ({ host: h.address, port })));
        await pool(jobs, config.concurrency, async ({ host, port }) => {
          if (signal.aborted) return;
          const uctx = udpContext(gate, host, port, config.udpTimeoutMs);
          for (const p of udpProtocolsFor(port, platform === 'ics')) {
            const info = await p.probe(uctx).catch((e: unknown) => {
              if (signal.aborted || (e instanceof ConnError && e.kind === 'policy')) throw e;
              b.unreadable(`${host}:${port}/udp`, `${p.id} probe failed: ${(e as Error).message}`);
              return undefined;
            });
            if (!info) continue;
            const name = hostName.get(host);
            const rtt = scan.rtt.get(host);
            services.push({ host, ...(name ? { name } : {}), port, transport: 'udp', info, ctx: probeContext(host, port, { gate, rtt: rtt!, probeTimeoutMs: config.probeTimeoutMs }) });
            break;
          }
        }).catch((e: unknown) => {
          if (!timeLimit.signal.aborted) throw e;
        });
        ctx.signal?.throwIfAborted();
      }
      services.sort((x, y) => (x.host === y.host ? x.port - y.port : x.host < y.host ? -1 : 1));
      b.target.targets = (input.url ?? '').slice(0, 2000);
      b.target.hosts = hostResults(plan.hosts, services);
      b.target.ports_scanned = ports.length;
      b.target.udp_ports_scanned = udpPorts.length;
      b.target.hosts_scanned = plan.hosts.length;
      b.target.open_ports = open.length;
      b.target.closed_ports = scan.results.filter((r) => r.state === 'closed').length;
      b.target.filtered_ports = scan.results.filter((r) => r.state === 'filtered').length;
      if (!timeLimit.signal.aborted) {
        b.setPhase('checks');
        const vulnData = vulnSource(options.vulnData, config.vulnDb);
        const args = { b, services, signal, ...(vulnData ? { vulnData } : {}) };
        if (platform === 'ics') await icsChecks(args);
        else await networkChecks(args);
      }
      b.target.connections = gate.attempts;
      if (timeLimit.signal.aborted) b.unreadable(input.url ?? '', `${(timeLimit.signal.reason as Error).message}: the results are partial`);
      return b.build();
    } catch (e) {
      ctx.signal?.throwIfAborted();
      if (timeLimit.signal.aborted) {
        b.unreadable(input.url ?? '', `${(timeLimit.signal.reason as Error).message}: the results are partial`);
        return b.build();
      }
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }
}

function hostResults(hosts: { address: string; name?: string }[], services: FoundService[]): HostResult[] {
  return hosts
    .map((h) => ({
      address: h.address,
      ...(h.name ? { name: h.name } : {}),
      ports: services
        .filter((s) => s.host === h.address)
        .map((s) => ({
          port: s.port,
          state: 'open' as const,
          ...(s.transport ? { transport: s.transport } : {}),
          service: s.info.service,
          ...(s.info.product ? { product: s.info.product } : {}),
          ...(s.info.version ? { version: s.info.version } : {}),
          ...(s.info.extra && Object.keys(s.info.extra).length > 0 ? { extra: s.info.extra } : {}),
          ...(s.info.access ? { access: s.info.access } : {}),
        })),
    }))
    .filter((h) => h.ports.length > 0 || hosts.length <= 16);
}

async function pool<T>(items: readonly T[], n: number, fn: (t: T) => Promise<void>): Promise<void> {
  let i = 0;
  const worker = async () => {
    while (i < items.length) await fn(items[i++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, worker));
}

export const engine = new NetworkEngine();
