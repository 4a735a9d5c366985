/**
 * The inventory export says each service's transport: 53/tcp and 53/udp are
 * two rows, and a UDP service's failed items (evidence at host:port/udp) land
 * on its own row, not on the TCP service of the same number.
 */
import type { Assessment } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { networkCsv, networkRows } from './network-export.ts';

const assessment = {
  target: {
    hosts: [
      {
        address: '127.0.0.1',
        ports: [
          { port: 53, state: 'open', service: 'dns', product: 'BIND' },
          { port: 53, state: 'open', transport: 'udp', service: 'dns', product: 'BIND', version: '9.18.1' },
          { port: 161, state: 'open', transport: 'udp', service: 'snmp', access: 'open' },
        ],
      },
    ],
  },
  findings: [
    { ruleId: 'network.service.dns_open_recursion', result: 'fail', evidence: [{ file: '127.0.0.1:53/udp' }] },
    { ruleId: 'network.access.snmp_default_community', result: 'fail', evidence: [{ file: '127.0.0.1:161/udp' }] },
  ],
} as unknown as Assessment;

describe('network inventory export', () => {
  it('gives every row its transport and the UDP findings to the UDP rows', () => {
    const rows = networkRows(assessment);
    expect(rows.map((r) => `${r.port}/${r.transport}`)).toEqual(['53/tcp', '53/udp', '161/udp']);
    expect(rows[0]!.failed).toEqual([]);
    expect(rows[1]!.failed).toEqual(['network.service.dns_open_recursion']);
    expect(rows[2]!.failed).toEqual(['network.access.snmp_default_community']);
    const csv = networkCsv(assessment).split('\r\n');
    expect(csv[0]).toBe('\ufeffhost,name,port,transport,service,product,version,access,identity,failed_items');
    expect(csv[2]).toBe('127.0.0.1,,53,udp,dns,BIND,9.18.1,,,network.service.dns_open_recursion');
  });
});
