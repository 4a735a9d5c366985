/** What the checks work on: the services found, and how to talk to them again. */
import type { AssessmentBuilder } from '@citadel/engine-core';
import type { ProbeContext, ServiceInfo } from '../protocols/types.ts';

export interface FoundService {
  host: string;
  /** The name the user gave for the host, when one. */
  name?: string;
  port: number;
  /** Set for services found over UDP (SNMP, DNS, BACnet); TCP otherwise. */
  transport?: 'udp';
  info: ServiceInfo;
  /** A context to open new connections to this service (through the task's gate). */
  ctx: ProbeContext;
  /** For a service upgraded by STARTTLS: a context whose connections run the upgrade first (the TLS checks use it). */
  tlsCtx?: ProbeContext;
}

export interface CheckArgs {
  b: AssessmentBuilder;
  services: readonly FoundService[];
  vulnData?: import('@citadel/engine-core').VulnDataDescriptor;
  signal?: AbortSignal;
}

export const where = (s: FoundService): string => `${s.host.includes(':') ? `[${s.host}]` : s.host}:${s.port}${s.transport ? `/${s.transport}` : ''}`;

export function describe(s: FoundService): string {
  const i = s.info;
  return [i.service, i.product, i.version].filter(Boolean).join(' ');
}
