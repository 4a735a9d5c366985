/**
 * Hostile targets for the safety tests, all on 127.0.0.1: a redirect loop, a
 * body that never ends (up to 1 GB, streamed), a 1-byte-per-second drip, a
 * redirect to the cloud metadata address, and a TCP service that answers
 * every connection with nonsense instead of HTTP.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface Running {
  url: string;
  port: number;
  /** Bytes the huge-body route managed to write before the client went away. */
  stats: { hugeBytesWritten: number };
  close(): Promise<void>;
}

export async function startHostileHttp(): Promise<Running> {
  const stats = { hugeBytesWritten: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end('<html><body><a href="/loop">loop</a> <a href="/huge">huge</a> <a href="/drip">drip</a> <a href="/meta">meta</a></body></html>');
    }
    if (path === '/loop' || path === '/loop2') {
      res.writeHead(302, { Location: path === '/loop' ? '/loop2' : '/loop' });
      return res.end();
    }
    if (path === '/meta') {
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    if (path === '/huge') {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(1 << 30) });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (stats.hugeBytesWritten < 1 << 30 && !res.destroyed) {
          stats.hugeBytesWritten += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    if (path === '/drip') {
      const head = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>' + 'x'.repeat(10_000);
      let i = 0;
      const socket = req.socket;
      const t = setInterval(() => {
        if (socket.destroyed || i >= head.length) {
          clearInterval(t);
          timers.delete(t);
          return;
        }
        socket.write(head[i++]!);
      }, 1000);
      timers.add(t);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    stats,
    close: () =>
      new Promise<void>((r) => {
        for (const t of timers) clearInterval(t);
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export async function startNonsenseTcp(): Promise<Running> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
    s.write('\u0000\u0001SSH-9.9-nonsense\r\n\u00ff\u00fe garbage garbage\r\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    stats: { hugeBytesWritten: 0 },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
