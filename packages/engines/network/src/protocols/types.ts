/**
 * What a protocol module gives the engine: how it recognises its service
 * (from the greeting of a server that speaks first, or with its own probe
 * written from the protocol's specification), and the facts it learnt.
 * Checks (one file per protocol folder) turn the facts into findings.
 */
import type { Conn, ConnectOptions } from '../scan/conn.ts';

export interface ServiceInfo {
  /** Protocol id: redis, postgresql, mysql, amqp, mqtt, nats, modbus … */
  service: string;
  product?: string;
  version?: string;
  /** Further identity (device vendor, model, firmware; cluster name …), shown on the result page. */
  extra?: Record<string, string>;
  /** Whether the service let us in without credentials (decided by its probe when the probe proves it). */
  access?: 'open' | 'auth_required' | 'refused';
  /** The service speaks TLS: what the first handshake negotiated (the checks probe versions, ciphers and the certificate). */
  tls?: { protocol: string; cipher: string; certificate?: Buffer; /** Reached by a plaintext upgrade ("SMTP STARTTLS" …), not on connect. */ starttls?: string };
  /** The exchange that proved the identity (and, when `access` is open, the access). */
  proof?: { request: string; response: string };
}

export interface ProbeContext {
  host: string;
  port: number;
  /** The host name the user gave (SNI, certificate name check), when one. */
  name?: string;
  /** A fresh connection to host:port through the task's gate. */
  open(): Promise<Conn>;
  /** A fresh TLS connection (handshake done within `timeoutMs`, else a few round trips) through the gate. */
  openTls(opts?: Omit<ConnectOptions, 'tls'>, timeoutMs?: number): Promise<Conn>;
  /** How long a probe waits for an answer. */
  timeoutMs: number;
}

export interface Protocol {
  id: string;
  /** Ports where this protocol usually listens (tried first there). */
  ports: readonly number[];
  /** The server greets first: recognise the greeting. */
  matchBanner?(data: Buffer): ServiceInfo | undefined;
  /** The client speaks first: send the protocol's own harmless opening and recognise the answer. */
  probe?(ctx: ProbeContext): Promise<ServiceInfo | undefined>;
  /** Only probed on the ics platform or on its own ports (control protocols get no foreign bytes elsewhere). */
  icsOnly?: boolean;
}
