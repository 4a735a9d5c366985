/**
 * Identity: vendor, model, firmware version, build date, architecture and
 * kernel version from vendor headers, the kernel banner, ELF machine types
 * and vendor files. Each fact says where it came from.
 */
import { checkNativeProtections, parseElf } from '@citadel/engine-core';
import type { ImageView } from './view.ts';

export interface Identity {
  vendor?: string;
  model?: string;
  firmwareVersion?: string;
  buildDate?: string;
  architecture?: string;
  endianness?: 'little' | 'big';
  kernelVersion?: string;
  kernelBanner?: string;
  bootloader?: string;
  /** fact → where it was read. */
  sources: Record<string, string>;
}

const KERNEL_BANNER = /Linux version (\d+\.\d+[\w.+-]*) \(([^)]{1,80})\) (\([^\n]{0,160}?\) )?#[^\n\0]{0,100}/;

export function identify(view: ImageView): Identity {
  const id: Identity = { sources: {} };
  const set = (k: Exclude<keyof Identity, 'sources'>, v: string | undefined, src: string): void => {
    if (v && id[k] === undefined) {
      (id as unknown as Record<string, string>)[k] = v;
      id.sources[k] = src;
    }
  };
  const f = view.image.facts;
  set('vendor', f.vendor, 'vendor header');
  set('model', f.model, 'vendor header');
  set('firmwareVersion', f.firmwareVersion, 'vendor header');
  set('model', f.deviceTreeModel, 'device tree');

  for (const b of view.image.blobs) {
    const t = Buffer.from(b.data.buffer, b.data.byteOffset, b.data.length).toString('latin1');
    const m = KERNEL_BANNER.exec(t);
    if (m) {
      set('kernelVersion', m[1], b.name);
      set('kernelBanner', m[0].trim(), b.name);
      const date = /#\d+\s+(?:\w+\s+)*?((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) \w{3} +\d+ [\d:]+ (?:\w+ )?\d{4})/.exec(m[0]);
      if (date) set('buildDate', date[1], b.name);
    }
    const boot = /U-Boot \d[\w.-]*(?: \([^)]{1,40}\))?/.exec(t);
    if (boot) set('bootloader', boot[0], b.name);
  }
  const modules = [...view.nodes.keys()].map((p) => /^\/lib\/modules\/(\d+\.\d+[\w.-]*)$/.exec(p)?.[1]).find(Boolean);
  set('kernelVersion', modules, '/lib/modules');

  // Architecture: from BusyBox, else the first ELF.
  const elf = view.resolve('/bin/busybox') ?? view.elfFiles()[0];
  if (elf?.data) {
    try {
      const e = parseElf(elf.data, {});
      set('architecture', checkNativeProtections(e).architecture, elf.path);
      set('endianness', elf.data[5] === 2 ? 'big' : 'little', elf.path);
    } catch {
      /* identity stays without architecture */
    }
  }

  // Huawei-style product strings: the model glued to the VRP version ("HG532eV100R001C01B020"); the most frequent one wins.
  if (!id.model) {
    const counts = new Map<string, { n: number; path: string }>();
    for (const n of view.files()) {
      if (n.size > 4 << 20) continue;
      for (const m of view.text(n).matchAll(/\b([A-Z]{1,4}\d{3,4}[a-z]?(?:-\d+)?)(V\d{3}R\d{3}C\d{2,3}(?:SPC\d{3})?B\d{3})\b/g)) {
        const k = `${m[1]} ${m[2]}`;
        const c = counts.get(k) ?? { n: 0, path: n.path };
        c.n++;
        counts.set(k, c);
      }
    }
    const best = [...counts.entries()].sort((a, b) => b[1].n - a[1].n)[0];
    if (best) {
      const [model, version] = best[0].split(' ');
      set('model', model, `${best[1].path} (${best[1].n} product strings)`);
      set('firmwareVersion', version, `${best[1].path} (${best[1].n} product strings)`);
    }
  }
  if (!id.vendor) {
    for (const n of view.files()) {
      if (n.size > 4 << 20) continue;
      const m = /(Huawei|TP-LINK|D-Link|NETGEAR|ZTE|ZyXEL|Tenda|Xiaomi|Linksys|ASUSTeK) (?:Technologies|Corporation|Systems|Co\.|Communication|Computer)/i.exec(view.text(n));
      if (m) {
        set('vendor', m[1]!.toLowerCase() === 'tp-link' ? 'TP-Link' : m[1]!.charAt(0).toUpperCase() + m[1]!.slice(1), n.path);
        break;
      }
    }
  }
  // Vendor files and strings.
  for (const n of view.textFiles(256 << 10)) {
    if (!/\/(?:version|model|product|board|build|firmware|etc\/.*(?:version|release)|defaultcfg\.xml|model\.conf)[^/]*$/i.test(n.path)) continue;
    const t = view.text(n);
    if (/huawei/i.test(t)) set('vendor', 'Huawei', n.path);
    if (/tp-?link/i.test(t)) set('vendor', 'TP-Link', n.path);
    const model = /\b(?:model|product(?:_?name)?|ModelName)\s*[=:>"]+\s*"?([A-Za-z][\w -]{2,30}?)["<\n]/i.exec(t);
    if (model) set('model', model[1]!.trim(), n.path);
    const ver = /\b(?:soft(?:ware)?_?ver(?:sion)?|firmware_?ver(?:sion)?|SoftwareVersion)\s*[=:>"]+\s*"?([\w.() -]{3,40}?)["<\n]/i.exec(t);
    if (ver) set('firmwareVersion', ver[1]!.trim(), n.path);
  }
  return id;
}
