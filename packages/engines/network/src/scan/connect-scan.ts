/**
 * TCP connect scan: a full handshake to every host × port, as many in flight
 * as the gate allows, each with the host's adaptive timeout (rtt.ts). Open
 * (handshake completed), closed (RST: refused) or filtered (no answer, after
 * one retry with the full first timeout when the adaptive one was shorter).
 * A connect scan needs no raw sockets and no privileges, and every open port
 * gets a real TCP session that the service probes then reuse the knowledge of.
 */
import { Conn, ConnError } from './conn.ts';
import type { Gate } from './gate.ts';
import { RttEstimator } from './rtt.ts';

export type PortState = 'open' | 'closed' | 'filtered';

export interface PortResult {
  host: string;
  port: number;
  state: PortState;
}

export interface ConnectScanOptions {
  gate: Gate;
  /** Workers pulling host × port jobs (the gate holds the connections in flight to the same number). */
  concurrency: number;
  initialTimeoutMs: number;
  /** Stops the scan early (time limit); the results so far are returned. */
  stop: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export async function connectScan(hosts: readonly string[], ports: readonly number[], o: ConnectScanOptions): Promise<{ results: PortResult[]; rtt: Map<string, RttEstimator>; complete: boolean }> {
  const rtt = new Map(hosts.map((h) => [h, new RttEstimator(o.initialTimeoutMs)]));
  const results: PortResult[] = [];
  const total = hosts.length * ports.length;
  let next = 0;
  let done = 0;
  // Port-major order spreads the load of each port over the hosts (and each host's first answers set its timeout early).
  const job = (i: number): [string, number] => [hosts[i % hosts.length]!, ports[Math.floor(i / hosts.length)]!];
  const worker = async (): Promise<void> => {
    while (next < total && !o.stop.aborted) {
      const [host, port] = job(next++);
      const state = await probePort(o.gate, host, port, rtt.get(host)!, o.initialTimeoutMs);
      results.push({ host, port, state });
      done++;
      if (done % 64 === 0 || done === total) o.onProgress?.(done, total);
    }
  };
  const workers = Math.max(1, Math.min(total, o.concurrency));
  await Promise.all(Array.from({ length: workers }, worker)).catch((e) => {
    if (!o.stop.aborted) throw e;
  });
  return { results: results.sort((a, b) => (a.host === b.host ? a.port - b.port : a.host < b.host ? -1 : 1)), rtt, complete: done === total };
}

async function probePort(gate: Gate, host: string, port: number, rtt: RttEstimator, initialMs: number): Promise<PortState> {
  const once = async (timeoutMs: number): Promise<PortState | 'timeout'> => {
    const started = performance.now();
    try {
      const c = await Conn.open(gate, host, port, timeoutMs);
      rtt.sample(performance.now() - started);
      c.close();
      return 'open';
    } catch (e) {
      if (!(e instanceof ConnError)) throw e;
      if (e.kind === 'refused') {
        rtt.sample(performance.now() - started);
        return 'closed';
      }
      if (e.kind === 'policy') throw e;
      return e.kind === 'timeout' ? 'timeout' : 'filtered';
    }
  };
  const t = rtt.timeoutMs();
  const first = await once(t);
  if (first !== 'timeout') return first;
  if (t < initialMs) {
    const second = await once(initialMs);
    if (second !== 'timeout') return second;
  }
  return 'filtered';
}
