/**
 * Software components with versions: the rules of data/components.ts over
 * file paths, ELF strings and text files, plus the kernel from the identity.
 * One entry per name and version, with every place it was seen.
 */
import { COMPONENT_RULES } from '../knowledge/components.ts';
import type { Identity } from './identity.ts';
import type { ImageView } from './view.ts';

export interface Component {
  name: string;
  version: string;
  type: 'application' | 'library' | 'operating-system' | 'firmware';
  /** Files (or blobs) where it was seen. */
  locations: string[];
}

export function findComponents(view: ImageView, identity: Identity): Component[] {
  const found = new Map<string, Component>();
  const add = (name: string, version: string, type: Component['type'], where: string): void => {
    const key = `${name}@${version}`;
    const c = found.get(key) ?? { name, version, type, locations: [] };
    if (c.locations.length < 20 && !c.locations.includes(where)) c.locations.push(where);
    found.set(key, c);
  };
  if (identity.kernelVersion) add('linux', identity.kernelVersion, 'operating-system', identity.sources.kernelVersion ?? 'kernel');
  for (const b of view.image.blobs) {
    const t = Buffer.from(b.data.buffer, b.data.byteOffset, b.data.length).toString('latin1');
    const m = /U-Boot (\d{4}\.\d{2}(?:-rc\d)?|\d\.\d\.\d)/.exec(t);
    if (m) add('u-boot', m[1]!, 'firmware', b.name);
  }
  for (const n of [...view.nodes.values()]) {
    for (const r of COMPONENT_RULES) {
      if (!r.inPath) continue;
      const m = r.version.exec(n.path);
      if (m) add(r.name, m[1]!, r.type, n.path);
    }
  }
  for (const n of view.files()) {
    if (n.size > 32 << 20) continue;
    let text: string | undefined;
    for (const r of COMPONENT_RULES) {
      if (r.inPath || (r.path && !r.path.test(n.path))) continue;
      text ??= view.text(n);
      const m = r.version.exec(text);
      if (m) add(r.name, m[1]!, r.type, n.path);
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}
