/**
 * What /networkVulnerability/download hands out for a finished network or ics
 * task: its host → service inventory with the failed items of each service,
 * as CSV (spreadsheet) or JSON. Built from the stored assessment (never a new
 * scan). Cells that a spreadsheet would run as a formula are quoted.
 */
import type { Assessment, Finding } from '@citadel/contracts';

interface HostPort {
  port: number;
  /** Set for services found over UDP; TCP otherwise. */
  transport?: 'udp';
  service?: string;
  product?: string;
  version?: string;
  access?: string;
  extra?: Record<string, string>;
}
interface Host {
  address: string;
  name?: string;
  ports: HostPort[];
}

export interface NetworkRow {
  host: string;
  name: string;
  port: number;
  transport: 'tcp' | 'udp';
  service: string;
  product: string;
  version: string;
  access: string;
  identity: string;
  failed: string[];
}

export function networkRows(a: Assessment): NetworkRow[] {
  const hosts = Array.isArray(a.target.hosts) ? (a.target.hosts as Host[]) : [];
  const failedAt = new Map<string, string[]>();
  for (const f of a.findings as Finding[]) {
    if (f.result !== 'fail') continue;
    for (const e of f.evidence) if (e.file) failedAt.set(e.file, [...(failedAt.get(e.file) ?? []), f.ruleId]);
  }
  return hosts.flatMap((h) =>
    (h.ports ?? []).map((p) => {
      // The engine's evidence location: `host:port`, or `host:port/udp` for UDP services.
      const where = `${h.address.includes(':') ? `[${h.address}]` : h.address}:${p.port}${p.transport === 'udp' ? '/udp' : ''}`;
      return {
        host: h.address,
        name: h.name ?? '',
        port: p.port,
        transport: p.transport === 'udp' ? ('udp' as const) : ('tcp' as const),
        service: p.service ?? '',
        product: p.product ?? '',
        version: p.version ?? '',
        access: p.access ?? '',
        identity: Object.entries(p.extra ?? {})
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
        failed: [...new Set(failedAt.get(where) ?? [])],
      };
    }),
  );
}

const HEADER = ['host', 'name', 'port', 'transport', 'service', 'product', 'version', 'access', 'identity', 'failed_items'];

function cell(v: string | number): string {
  let s = String(v);
  // CSV injection: a leading = + - @ (or tab/CR) makes spreadsheets evaluate the cell.
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function networkCsv(a: Assessment): string {
  const lines = [HEADER.join(',')];
  for (const r of networkRows(a)) lines.push([r.host, r.name, r.port, r.transport, r.service, r.product, r.version, r.access, r.identity, r.failed.join(' ')].map(cell).join(','));
  // BOM: spreadsheet programs then read the file as UTF-8.
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
