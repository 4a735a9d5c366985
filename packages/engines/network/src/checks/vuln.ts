/**
 * Version → CVE through packages/vulndb: each identified product and version
 * (a device's vendor/model/revision on ics) is mapped to its NVD CPE names
 * (vulndb's component table) and matched against the vulnerability data the
 * task was given (EngineOptions.vulnData, or params.vulnDb / the CLI's
 * --vuln-db as a folder of OSV/NVD files). Without data, or when it cannot be
 * opened, the item is not executed, with the reason and the versions found.
 */
import type { AssessmentBuilder, VulnDataDescriptor } from '@citadel/engine-core';
import { type VulnerabilityData, openVulnerabilityData } from '@citadel/vulndb';
import { type FoundService, describe, where } from './types.ts';

/** Product names as this engine reports them → vulndb component names. */
const COMPONENT: Record<string, string> = { 'redis': 'redis', valkey: 'valkey', postgresql: 'postgresql', mariadb: 'mariadb', mysql: 'mysql', rabbitmq: 'rabbitmq', mosquitto: 'mosquitto', nats: 'nats-server', openssh: 'openssh', vsftpd: 'vsftpd', proftpd: 'proftpd', memcached: 'memcached', elasticsearch: 'elasticsearch' };

/** Services whose identity is a device's (vendor, model, firmware), matched as firmware + hardware CPEs. */
const DEVICE_SERVICES = new Set(['modbus', 'enip', 'bacnet', 's7comm', 'fins', 'fox']);

export async function vulnCheck(b: AssessmentBuilder, ruleId: string, services: readonly FoundService[], source?: VulnDataDescriptor, signal?: AbortSignal): Promise<void> {
  if (!b.isSelected(ruleId)) return;
  const versioned = services.filter((s) => s.info.product && s.info.version);
  if (versioned.length === 0) return b.check(ruleId, () => undefined);
  const list = versioned.map((s) => `${where(s)} ${describe(s)}`).join(', ');
  if (!source) return b.notExecuted(ruleId, `no vulnerability database was given (vulnDb); versions found: ${list}`);
  let data: VulnerabilityData;
  try {
    data = await openVulnerabilityData(source, signal);
  } catch (e) {
    return b.notExecuted(ruleId, `the vulnerability database could not be opened (${(e as Error).message.slice(0, 200)}); versions found: ${list}`);
  }
  try {
    await b.check(ruleId, async () => {
      for (const s of versioned) {
        const name = COMPONENT[s.info.product!.toLowerCase()] ?? s.info.product!.toLowerCase();
        const found = new Map<string, { id: string; score?: number; level?: string; summary: string }>();
        const keep = (vs: Awaited<ReturnType<VulnerabilityData['matchCpe']>>) => {
          for (const v of vs) if (!v.conditions || v.conditions.length === 0) found.set(v.id, { id: v.id, ...(v.score !== undefined ? { score: v.score } : {}), ...(v.level ? { level: v.level } : {}), summary: v.summary });
        };
        const x = s.info.extra ?? {};
        if (DEVICE_SERVICES.has(s.info.service)) {
          // A device: its firmware CPE, with the hardware CPE as context for AND configurations.
          const model = x.model_name ?? x.product_name ?? x.product_code;
          if (x.vendor && model) {
            const [fw, ...hw] = data.cpesForDevice(x.vendor, model, s.info.version!);
            if (fw) keep(await data.matchCpe(fw, hw));
          }
        } else for (const q of data.cpesForComponent(name, s.info.version!)) keep(await data.matchCpe(q));
        if (found.size === 0) continue;
        const vulns = [...found.values()].sort((x, y) => (y.score ?? 0) - (x.score ?? 0));
        b.finding(ruleId, {
          file: where(s),
          className: s.info.service,
          detail: `${describe(s)}: ${vulns.map((v) => `${v.id}${v.score !== undefined ? ` (${v.score}${v.level ? ` ${v.level}` : ''})` : ''}`).join(', ')}`.slice(0, 2000),
          snippet: vulns.slice(0, 5).map((v) => `${v.id}: ${v.summary.slice(0, 300)}`).join('\n'),
        });
      }
    });
  } finally {
    await data.close();
  }
}

/** The task's vulnerability data: the worker's descriptor, else a folder named by params.vulnDb. */
export function vulnSource(given: VulnDataDescriptor | undefined, param: string | undefined): VulnDataDescriptor | undefined {
  return given ?? (param ? { kind: 'folder', path: param } : undefined);
}
