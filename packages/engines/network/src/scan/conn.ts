/**
 * One TCP conversation with a target, recorded for evidence: what we sent and
 * what came back (capped), read with explicit timeouts. Every connection of
 * the engine is opened here, through the task's gate (policy, rate,
 * concurrency), so no probe can reach an address the policy refused.
 */
import net from 'node:net';
import tls from 'node:tls';
import type { Gate } from './gate.ts';

/** Bytes kept from one conversation; a service that talks more is cut (not an error). */
export const MAX_RECEIVED = 256 * 1024;

export interface Exchange {
  sent: Buffer[];
  received: Buffer;
}

export interface ConnectOptions {
  tls?: boolean;
  /** SNI name (ignored when it is an address, RFC 6066 §3). */
  servername?: string;
  minVersion?: tls.SecureVersion;
  maxVersion?: tls.SecureVersion;
  ciphers?: string;
  /**
   * A plaintext upgrade before TLS (SMTP STARTTLS, IMAP STARTTLS, POP3 STLS,
   * FTP AUTH TLS, PostgreSQL and MySQL SSLRequest): the connection runs it
   * first; with `tls` the handshake follows on the same socket, without it the
   * caller gets the socket at the point where the server waits for a
   * ClientHello (our own raw ClientHellos).
   */
  starttls?: StartTls;
}

export interface StartTls {
  /** Protocol name, for evidence. */
  name: string;
  /** The plaintext exchange up to the server's go-ahead; throws ConnError('other') when the server refuses. */
  negotiate(c: Conn, timeoutMs: number): Promise<void>;
}

export class ConnError extends Error {
  constructor(
    readonly kind: 'refused' | 'timeout' | 'unreachable' | 'reset' | 'policy' | 'other',
    message: string,
  ) {
    super(message);
  }
}

export class Conn {
  private chunks: Buffer[] = [];
  private size = 0;
  private closed = false;
  private waiters = new Set<() => void>();
  readonly sent: Buffer[] = [];

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', this.onData);
    const end = () => {
      this.closed = true;
      this.wake();
    };
    socket.on('end', end);
    socket.on('close', end);
    socket.on('error', end);
    this.offEnd = () => {
      socket.off('end', end);
      socket.off('close', end);
      socket.off('error', end);
    };
  }

  private readonly offEnd: () => void;

  private readonly onData = (d: Buffer) => {
    if (this.size < MAX_RECEIVED) {
      const part = d.subarray(0, MAX_RECEIVED - this.size);
      this.chunks.push(part);
      this.size += part.length;
    }
    this.wake();
  };

  /** Connects through the gate; rejects with ConnError. `tls` makes it a TLS connection (with its version and cipher limits). */
  static async open(gate: Gate, host: string, port: number, timeoutMs: number, opts: ConnectOptions = {}): Promise<Conn> {
    await gate.enter(host);
    let socket: net.Socket;
    try {
      socket = await connect(host, port, timeoutMs, gate.signal, opts.starttls ? {} : opts);
    } catch (e) {
      gate.leave();
      throw e;
    }
    socket.once('close', () => gate.leave());
    if (!opts.starttls) return new Conn(socket);
    const plain = new Conn(socket);
    try {
      await opts.starttls.negotiate(plain, timeoutMs);
      if (!opts.tls) {
        plain.chunks = [];
        plain.size = 0;
        return plain;
      }
      // The TLS layer reads the socket from here on: the plaintext reader lets go of it.
      socket.off('data', plain.onData);
      plain.offEnd();
      return new Conn(await upgrade(socket, timeoutMs, gate.signal, opts));
    } catch (e) {
      socket.destroy();
      throw e;
    }
  }

  get data(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get tlsSocket(): tls.TLSSocket | undefined {
    return this.socket instanceof tls.TLSSocket ? this.socket : undefined;
  }

  write(b: Buffer | string): void {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    this.sent.push(buf);
    if (!this.closed) this.socket.write(buf);
  }

  /**
   * Waits until `done(data)` is true, the peer closes, or `timeoutMs` passes.
   * Returns whether `done` was reached.
   */
  async until(done: (data: Buffer) => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (done(this.data)) return true;
      if (this.closed) return false;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const t = setTimeout(finish, left);
        function finish() {
          clearTimeout(t);
          resolve();
        }
        this.waiters.add(finish);
      });
    }
  }

  /** Everything exchanged so far (for evidence). */
  exchange(): Exchange {
    return { sent: [...this.sent], received: this.data };
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private wake(): void {
    const ws = [...this.waiters];
    this.waiters.clear();
    for (const w of ws) w();
  }
}

function connect(host: string, port: number, timeoutMs: number, signal: AbortSignal, opts: ConnectOptions): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const socket = opts.tls
      ? tls.connect({
          host,
          port,
          rejectUnauthorized: false,
          ...(opts.servername && net.isIP(opts.servername) === 0 ? { servername: opts.servername } : {}),
          ...(opts.minVersion ? { minVersion: opts.minVersion } : {}),
          ...(opts.maxVersion ? { maxVersion: opts.maxVersion } : {}),
          ...(opts.ciphers ? { ciphers: opts.ciphers } : {}),
        })
      : net.connect({ host, port });
    const done = (err?: Error) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      socket.removeAllListeners('error');
      socket.removeAllListeners(opts.tls ? 'secureConnect' : 'connect');
      if (err) {
        socket.destroy();
        reject(err);
      } else resolve(socket);
    };
    const onAbort = () => done(signal.reason as Error);
    const timer = setTimeout(() => done(new ConnError('timeout', `no answer within ${timeoutMs} ms`)), timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once(opts.tls ? 'secureConnect' : 'connect', () => done());
    socket.once('error', (e: NodeJS.ErrnoException) => done(toConnError(e)));
  });
}

/** TLS on a socket that finished its plaintext upgrade. */
function upgrade(socket: net.Socket, timeoutMs: number, signal: AbortSignal, opts: ConnectOptions): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = tls.connect({
      socket,
      rejectUnauthorized: false,
      ...(opts.servername && net.isIP(opts.servername) === 0 ? { servername: opts.servername } : {}),
      ...(opts.minVersion ? { minVersion: opts.minVersion } : {}),
      ...(opts.maxVersion ? { maxVersion: opts.maxVersion } : {}),
      ...(opts.ciphers ? { ciphers: opts.ciphers } : {}),
    });
    const done = (err?: Error) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      t.removeAllListeners('error');
      t.removeAllListeners('secureConnect');
      if (err) {
        t.destroy();
        reject(err);
      } else resolve(t);
    };
    const onAbort = () => done(signal.reason as Error);
    const timer = setTimeout(() => done(new ConnError('timeout', `no TLS handshake within ${timeoutMs} ms`)), timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    t.once('secureConnect', () => done());
    t.once('error', (e: NodeJS.ErrnoException) => done(toConnError(e)));
  });
}

function toConnError(e: NodeJS.ErrnoException): ConnError {
  switch (e.code) {
    case 'ECONNREFUSED':
      return new ConnError('refused', 'connection refused');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return new ConnError('unreachable', `${e.code}`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new ConnError('reset', 'connection reset');
    case 'ETIMEDOUT':
      return new ConnError('timeout', 'timed out');
    default:
      return new ConnError('other', e.message);
  }
}
