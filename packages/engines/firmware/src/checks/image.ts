/** Checks on the image as a whole: structure, identity, component inventory. */
import type { Evidence } from '@citadel/contracts';
import type { Region } from '../unpack/model.ts';
import type { FirmwareCheckContext } from './context.ts';

const hex = (n: number): string => `0x${n.toString(16)}`;

function flatten(regions: readonly Region[], depth = 0, out: { r: Region; depth: number }[] = []): { r: Region; depth: number }[] {
  for (const r of regions) {
    out.push({ r, depth });
    if (r.children) flatten(r.children, depth + 1, out);
  }
  return out;
}

export async function imageChecks(c: FirmwareCheckContext): Promise<void> {
  const { image, facts } = c;
  await c.run(['unpack.structure'], () => {
    const ev: Evidence[] = flatten(image.regions).map(({ r, depth }) => ({
      offset: r.offset,
      snippet: `${'  '.repeat(depth)}${hex(r.offset)}+${r.length} ${r.kind}/${r.handler} entropy ${r.entropy}`,
      detail: [r.detail, r.error].filter(Boolean).join('; ') || r.kind,
    }));
    for (const fs of image.filesystems) {
      const files = fs.nodes.filter((n) => n.type === 'file').length;
      ev.push({ offset: fs.offset, snippet: `${fs.kind} ${fs.variant}`, detail: `${fs.nodes.length} of ${fs.declaredInodes} inodes read (${files} files, ${fs.nodes.filter((n) => n.type === 'dir').length} directories, ${fs.nodes.filter((n) => n.type === 'symlink').length} symlinks, ${fs.nodes.filter((n) => n.type === 'chardev' || n.type === 'blockdev').length} device nodes)` });
    }
    if (ev.length) c.problem('unpack.structure', ev);
  });
  await c.run(['unpack.anomalies'], () => {
    for (const fs of image.filesystems) {
      if (fs.nodes.length !== fs.declaredInodes) c.fail('unpack.anomalies', { offset: fs.offset, snippet: `${fs.kind} ${fs.variant}`, detail: `${fs.nodes.length} nodes read, superblock declares ${fs.declaredInodes}` });
      for (const e of fs.errors.slice(0, 50)) c.fail('unpack.anomalies', { offset: fs.offset, detail: e });
    }
    for (const { r } of flatten(image.regions)) {
      if (r.error) c.fail('unpack.anomalies', { offset: r.offset, snippet: r.handler, detail: r.error });
      if (r.kind === 'unknown' && r.entropy > 7.5 && r.length >= 4096) c.fail('unpack.anomalies', { offset: r.offset, snippet: `unknown ${r.length} bytes`, detail: `high entropy ${r.entropy}: encrypted or unsupported content` });
    }
    for (const e of image.errors) c.fail('unpack.anomalies', { detail: e });
  });
  await c.run(['identity.device'], () => {
    const id = facts.identity;
    const ev: Evidence[] = [];
    for (const k of ['vendor', 'model', 'firmwareVersion', 'buildDate', 'architecture', 'endianness', 'kernelVersion', 'kernelBanner', 'bootloader'] as const) {
      if (id[k]) ev.push({ snippet: `${k}: ${id[k]}`, detail: `from ${id.sources[k]}` });
    }
    if (ev.length) c.problem('identity.device', ev);
  });
  await c.run(['components.inventory'], () => {
    const ev = facts.components.map((comp) => ({ file: comp.locations[0], snippet: `${comp.name} ${comp.version}`, detail: `${comp.type}; seen in ${comp.locations.slice(0, 5).join(', ')}` }));
    if (ev.length) c.problem('components.inventory', ev);
  });
}
