/**
 * Known vulnerabilities through @citadel/vulndb: components by their CPE
 * (with the device's CPEs as context for AND configurations), and the device
 * itself by vendor, model and firmware version. Without vulnerability data
 * (EngineOptions.vulnData) both items stay not executed with the reason.
 */
import type { VulnDataDescriptor } from '@citadel/engine-core';
import type { FirmwareCheckContext } from './context.ts';

export interface MatchedCve {
  id: string;
  component: string;
  version: string;
  score?: number;
  level?: string;
  conditions: string[];
}

export async function vulnerabilityChecks(c: FirmwareCheckContext, source: VulnDataDescriptor | undefined, signal?: AbortSignal): Promise<MatchedCve[]> {
  const keys = ['components.known_vulnerabilities', 'components.device_vulnerabilities'];
  const matched: MatchedCve[] = [];
  if (!c.wants(...keys)) return matched;
  if (!source) {
    c.notExecuted(keys, 'no vulnerability data configured (import it under System → vulnerability data, or pass --vuln-db PATH to the CLI)');
    return matched;
  }
  let data: Awaited<ReturnType<typeof import('@citadel/vulndb').openVulnerabilityData>>;
  try {
    const { openVulnerabilityData } = await import('@citadel/vulndb');
    data = await openVulnerabilityData(source, signal);
  } catch (e) {
    c.notExecuted(keys, `vulnerability data could not be opened: ${(e as Error).message}`);
    return matched;
  }
  try {
    const id = c.facts.identity;
    const device = id.vendor && id.model ? data.cpesForDevice(id.vendor, id.model.replace(/\s+v\d+(?:\.\d+)?$/i, ''), id.firmwareVersion ?? '*') : [];
    await c.run(['components.known_vulnerabilities'], async () => {
      for (const comp of c.facts.components) {
        // Attributed to the component (reports print "component busybox 1.01"; the image's own findings stay MAIN).
        const component = { kind: 'sdk' as const, name: `${comp.name} ${comp.version}` };
        for (const q of data.cpesForComponent(comp.name, comp.version)) {
          for (const v of await data.matchCpe(q, device)) {
            matched.push({ id: v.id, component: comp.name, version: comp.version, ...(v.score !== undefined ? { score: v.score } : {}), ...(v.level ? { level: v.level } : {}), conditions: v.conditions });
            c.fail('components.known_vulnerabilities', { file: comp.locations[0], snippet: `${v.id} ${comp.name} ${comp.version}`, detail: `${v.score !== undefined ? `CVSS ${v.score} ` : ''}${v.summary.slice(0, 300)}${v.conditions.length ? ` (if ${v.conditions.join(', ')})` : ''}` }, { attribution: component });
          }
        }
      }
    });
    await c.run(['components.device_vulnerabilities'], async () => {
      if (device.length === 0) {
        c.notExecuted(['components.device_vulnerabilities'], 'device vendor and model were not identified');
        return;
      }
      let [fw, ...hw] = device;
      let found = await data.matchCpe(fw!, hw);
      // NVD often names the product family (Huawei HG532 for HG532e/HG532s): try it when the exact model has nothing.
      const family = /^([A-Za-z]+-?[A-Za-z]*\d{3,4})[a-z]{1,2}$/.exec(id.model!.replace(/\s+v\d+(?:\.\d+)?$/i, ''))?.[1];
      if (found.length === 0 && family) {
        [fw, ...hw] = data.cpesForDevice(id.vendor!, family, id.firmwareVersion ?? '*');
        found = await data.matchCpe(fw!, hw);
      }
      // NVD may list a device firmware without versions ("-": every release); such CVEs only match a query without a version.
      let versionless = false;
      if (found.length === 0) {
        const model = family ?? id.model!.replace(/\s+v\d+(?:\.\d+)?$/i, '');
        const exact = new Set(found.map((v) => v.id));
        [fw, ...hw] = data.cpesForDevice(id.vendor!, model, '*');
        found = (await data.matchCpe(fw!, hw)).filter((v) => !exact.has(v.id));
        versionless = found.length > 0;
      }
      for (const v of found) {
        matched.push({ id: v.id, component: `${id.vendor} ${id.model}`, version: id.firmwareVersion ?? '*', ...(v.score !== undefined ? { score: v.score } : {}), ...(v.level ? { level: v.level } : {}), conditions: v.conditions });
        c.fail('components.device_vulnerabilities', { snippet: `${v.id} ${id.vendor} ${id.model} ${id.firmwareVersion ?? ''}`.trim(), detail: `${v.score !== undefined ? `CVSS ${v.score} ` : ''}${v.summary.slice(0, 300)}${versionless ? ` (matched on ${fw!.vendor}:${fw!.product} without a version: the firmware version ${id.firmwareVersion ?? '?'} was not compared)` : ''}` });
      }
    });
  } finally {
    await data.close();
  }
  return matched;
}
