/**
 * The UDP protocol modules. UDP ports are probed only with the protocol
 * registered for them (a datagram to a port nobody listens on costs nothing,
 * but foreign bytes to a device's UDP service are not sent), in the order
 * given; BACnet is a control protocol and is probed only on the ics
 * platform, like the TCP control protocols.
 */
import type { UdpContext } from '../scan/udp.ts';
import { probeBacnet } from './bacnet/index.ts';
import { probeDns } from './dns/index.ts';
import { probeSnmp } from './snmp/index.ts';
import type { ServiceInfo } from './types.ts';

export interface UdpProtocol {
  id: string;
  /** IANA-registered ports: 53 domain, 161 snmp, 47808 bacnet. */
  ports: readonly number[];
  icsOnly?: boolean;
  probe(ctx: UdpContext): Promise<ServiceInfo | undefined>;
}

export const UDP_PROTOCOLS: readonly UdpProtocol[] = [
  { id: 'snmp', ports: [161], probe: probeSnmp },
  { id: 'dns', ports: [53], probe: probeDns },
  { id: 'bacnet', ports: [47808], icsOnly: true, probe: probeBacnet },
];

/**
 * The protocols tried on a UDP port: the registered one; on another port the
 * platform's own (control protocols on ics, the others on network), as for TCP.
 */
export function udpProtocolsFor(port: number, ics: boolean): UdpProtocol[] {
  const own = UDP_PROTOCOLS.filter((p) => p.ports.includes(port) && (!p.icsOnly || ics));
  if (own.length > 0) return own;
  return UDP_PROTOCOLS.filter((p) => Boolean(p.icsOnly) === ics);
}
