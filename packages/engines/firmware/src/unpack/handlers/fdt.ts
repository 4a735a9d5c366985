/**
 * Flattened device trees (Devicetree Specification v0.4, chapter 5): the
 * big-endian header (magic 0xd00dfeed, total size, structure and strings block
 * offsets and sizes, versions) is checked for consistency, then the root node's
 * "model" and "compatible" properties become identity facts — on ARM and MIPS
 * boards they name the board more reliably than any banner.
 */
import type { Handler } from './types.ts';

const FDT_BEGIN_NODE = 1;
const FDT_END_NODE = 2;
const FDT_PROP = 3;
const FDT_NOP = 4;
const FDT_END = 9;

function cstr(buf: Uint8Array, at: number, end: number): string {
  let e = at;
  while (e < end && buf[e] !== 0) e++;
  return Buffer.from(buf.subarray(at, e)).toString('latin1');
}

export interface FdtSummary {
  /** The root node's short string properties (model, compatible, description …). */
  root: Record<string, string>;
  /** Largest property value anywhere: FIT images carry kernels and root file systems as "data" properties. */
  largestProperty: number;
}

/** Walks the structure block: root-node string properties, and the size of the largest property. */
export function summarise(buf: Uint8Array, off: number, structAt: number, structSize: number, stringsAt: number, stringsSize: number): FdtSummary {
  const dv = new DataView(buf.buffer, buf.byteOffset);
  const root: Record<string, string> = {};
  let largestProperty = 0;
  let p = off + structAt;
  const end = p + structSize;
  let depth = 0;
  while (p + 4 <= end) {
    const token = dv.getUint32(p);
    p += 4;
    if (token === FDT_BEGIN_NODE) {
      depth++;
      const name = cstr(buf, p, end);
      p += Math.ceil((name.length + 1) / 4) * 4;
    } else if (token === FDT_PROP) {
      if (p + 8 > end) break;
      const len = dv.getUint32(p);
      const nameOff = dv.getUint32(p + 4);
      p += 8;
      largestProperty = Math.max(largestProperty, len);
      if (depth === 1 && len <= 1024 && nameOff < stringsSize && p + len <= end) {
        const name = cstr(buf, off + stringsAt + nameOff, off + stringsAt + stringsSize);
        // String lists are NUL-separated; shown joined by commas.
        root[name] = Buffer.from(buf.subarray(p, p + len)).toString('latin1').replace(/\0+$/, '').split('\0').join(', ');
      }
      p += Math.ceil(len / 4) * 4;
    } else if (token === FDT_END_NODE) depth--;
    else if (token === FDT_END) break;
    else if (token !== FDT_NOP) break;
  }
  return { root, largestProperty };
}

export const fdtHandler: Handler = {
  name: 'fdt',
  magics: [Uint8Array.of(0xd0, 0x0d, 0xfe, 0xed)],
  nested: true,
  carve(buf, off) {
    if (off + 40 > buf.length) return undefined;
    const dv = new DataView(buf.buffer, buf.byteOffset + off, 40);
    const total = dv.getUint32(4);
    const structAt = dv.getUint32(8);
    const stringsAt = dv.getUint32(12);
    const version = dv.getUint32(20);
    const lastCompatible = dv.getUint32(24);
    const stringsSize = dv.getUint32(32);
    const structSize = dv.getUint32(36);
    if (version < 16 || version > 17 || lastCompatible > 17 || total < 40 || total > 16 << 20) return undefined;
    if (structAt < 40 || structAt + structSize > total || stringsAt + stringsSize > total) return undefined;
    if (off + total > buf.length) return { length: buf.length - off, kind: 'header', detail: `device tree v${version}, ${total} bytes`, error: 'device tree truncated' };
    const { root: props, largestProperty } = summarise(buf, off, structAt, structSize, stringsAt, stringsSize);
    const facts: Record<string, string> = {};
    if (props.model) facts.deviceTreeModel = props.model;
    if (props.compatible) facts.deviceTreeCompatible = props.compatible;
    const what = [props.model && `model "${props.model}"`, props.compatible && `compatible "${props.compatible}"`, props.description && `"${props.description}"`].filter(Boolean).join(', ');
    // A U-Boot FIT image is a device tree holding kernels and file systems as properties: only its
    // header is claimed, so the payloads inside are found and unpacked by their own formats.
    if (largestProperty > 64 << 10) return { length: 40, kind: 'header', detail: `FIT image (device tree v${version}), ${total} bytes${what ? `, ${what}` : ''}`, facts: { ...facts, container: 'FIT' } };
    return { length: total, kind: 'header', detail: `device tree v${version}, ${total} bytes${what ? `, ${what}` : ''}`, facts };
  },
};
