/**
 * From what a scan finds to CPE queries: a component name and version (from a
 * binary or banner) or a device identity (vendor, model, firmware version).
 */
import { COMPONENT_CPES, DEVICE_VENDORS } from './components.ts';
import type { CpeQuery } from './cpe.ts';

const BY_NAME = new Map<string, (typeof COMPONENT_CPES)[number]>();
for (const c of COMPONENT_CPES) for (const n of c.names) BY_NAME.set(n, c);

function cleanVersion(v: string): string {
  // "v1.2.3", "1.2.3 (Debian)" → "1.2.3"; OpenSSH's "7.4p1" stays whole (NVD writes it so).
  return v.trim().replace(/^v(?=\d)/i, '').split(/\s+/)[0] ?? '';
}

/**
 * CPE queries for a component found in a binary or banner, e.g.
 * cpesForComponent('busybox', '1.01') → [{vendor:'busybox', product:'busybox', version:'1.01', part:'a'}].
 * Unknown names give [] (the caller may still try matchCpe with its own guess).
 */
export function cpesForComponent(name: string, version: string): CpeQuery[] {
  const key = name.trim().toLowerCase();
  const c = BY_NAME.get(key) ?? BY_NAME.get(key.replace(/[\s-]+/g, '_')) ?? BY_NAME.get(key.replace(/\s+v?\d.*$/, ''));
  const v = cleanVersion(version);
  if (!c || !v) return [];
  return [{ vendor: c.vendor, product: c.product, version: v, part: c.part }];
}

function cpeWord(s: string): string {
  return s.trim().toLowerCase().replace(/\s+/g, '_');
}

/**
 * CPE queries for a device: NVD names router and NAS firmware
 * o:<vendor>:<model>_firmware with the hardware h:<vendor>:<model>, e.g.
 * TP-Link TL-WR841N → o:tp-link:tl-wr841n_firmware. Returns the firmware query
 * first, then the hardware one (version "*" — hardware CPEs carry none).
 */
export function cpesForDevice(vendor: string, model: string, firmwareVersion: string): CpeQuery[] {
  const v = DEVICE_VENDORS[vendor.trim().toLowerCase()] ?? cpeWord(vendor);
  const m = cpeWord(model);
  if (!v || !m) return [];
  return [
    { vendor: v, product: `${m}_firmware`, version: cleanVersion(firmwareVersion) || '*', part: 'o' },
    { vendor: v, product: m, version: '*', part: 'h' },
  ];
}
