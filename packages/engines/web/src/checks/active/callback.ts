/**
 * The out-of-band callback listener of the SSRF check: an HTTP server the
 * engine starts only when the options name an address for it (callbackListen),
 * reachable by the target at callbackUrl. Probes carry a unique token in the
 * path; a request for that path proves the target fetched the URL it was
 * given, even when its answer says nothing (blind SSRF).
 * Hostile callers are bounded: bodies are not read, each request is answered
 * at once and closed, and at most MAX_HITS requests are remembered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from '../../net/rate-limit.ts';

export interface CallbackHit {
  token: string;
  from: string;
  method: string;
  path: string;
  userAgent: string;
  at: Date;
}

const MAX_HITS = 1000;
const TOKEN = /ctdoob[a-z0-9]{6,16}/;

export class CallbackListener {
  private constructor(
    private readonly server: http.Server,
    readonly base: string,
    private readonly hits: readonly CallbackHit[],
  ) {}

  /** Listens on host:port (port 0: any free port); `publicUrl` is how the target reaches it (default http://host:port/). */
  static async start(listen: { host: string; port: number }, publicUrl?: string): Promise<CallbackListener> {
    const hits: CallbackHit[] = [];
    const server = http.createServer({ maxHeaderSize: 8192 }, (req, res) => {
      const token = TOKEN.exec(req.url ?? '')?.[0];
      if (token && hits.length < MAX_HITS) {
        hits.push({ token, from: req.socket.remoteAddress ?? '', method: req.method ?? '', path: (req.url ?? '').slice(0, 300), userAgent: String(req.headers['user-agent'] ?? '').slice(0, 200), at: new Date() });
      }
      res.writeHead(200, { 'Content-Type': 'text/plain', Connection: 'close' });
      res.end('ok');
      req.socket.setTimeout(2000, () => req.socket.destroy());
    });
    server.headersTimeout = 5000;
    server.requestTimeout = 5000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listen.port, listen.host, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
    const base = (publicUrl ?? `http://${host}:${port}/`).replace(/\/?$/, '/');
    return new CallbackListener(server, base, hits);
  }

  /** The URL a probe sends: the public base with the token in the path. */
  urlFor(token: string): string {
    return `${this.base}${token}`;
  }

  hitsFor(token: string): CallbackHit[] {
    return this.hits.filter((h) => h.token === token);
  }

  /** Waits up to `ms` for callbacks (they may come late, from queues and workers), less when all tokens arrived. */
  async settle(tokens: readonly string[], ms: number, signal?: AbortSignal): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until && !tokens.every((t) => this.hits.some((h) => h.token === t))) {
      await sleep(Math.min(100, until - Date.now()), signal);
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}

/** A fresh token the listener recognises. */
export function callbackToken(): string {
  return `ctdoob${Math.random().toString(36).slice(2, 12).padEnd(8, '0')}`;
}
