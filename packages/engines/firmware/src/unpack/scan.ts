/**
 * Unpacks a firmware image: finds every handler's magic, lets the handlers
 * carve their regions in offset order (a candidate inside a region already
 * claimed is not taken, so regions never overlap), accounts for the gaps as
 * padding (one repeated byte) or unknown (with entropy), and scans
 * decompressed content again for nested regions up to the depth limit.
 * A handler that throws leaves an unknown region with the error: one damaged
 * part never stops the rest.
 */
import { bzip2Handler } from './handlers/bzip2.ts';
import { cpioHandler } from './handlers/cpio.ts';
import { cramfsHandler } from './handlers/cramfs.ts';
import { fdtHandler } from './handlers/fdt.ts';
import { gzipHandler } from './handlers/gzip.ts';
import { hwnpHandler } from './handlers/hwnp.ts';
import { jffs2Handler } from './handlers/jffs2.ts';
import { lzmaHandler } from './handlers/lzma.ts';
import { romfsHandler } from './handlers/romfs.ts';
import { squashfsHandler } from './handlers/squashfs.ts';
import { tarHandler } from './handlers/tar.ts';
import { tplinkHandler } from './handlers/tplink.ts';
import { ubiHandler } from './handlers/ubi.ts';
import { ubifsHandler } from './handlers/ubifs.ts';
import { yaffs1Handler } from './handlers/yaffs1.ts';
import { yaffs2Handler } from './handlers/yaffs2.ts';
import { sevenZipHandler, zipHandler } from './handlers/zip.ts';
import { trxHandler } from './handlers/trx.ts';
import type { Handler, HandlerContext } from './handlers/types.ts';
import { uimageHandler } from './handlers/uimage.ts';
import { netgearChkHandler, seamaHandler } from './handlers/vendor-headers.ts';
import { xzHandler, zstdHandler } from './handlers/xz-zstd.ts';
import { type Blob, DEFAULT_LIMITS, type FileSystem, type Region, UnpackBudget, type UnpackLimits } from './model.ts';

export const HANDLERS: readonly Handler[] = [tplinkHandler, hwnpHandler, netgearChkHandler, seamaHandler, trxHandler, uimageHandler, squashfsHandler, cpioHandler, romfsHandler, cramfsHandler, tarHandler, jffs2Handler, ubiHandler, ubifsHandler, yaffs2Handler, yaffs1Handler, zipHandler, sevenZipHandler, fdtHandler, gzipHandler, bzip2Handler, xzHandler, zstdHandler, lzmaHandler];

export interface UnpackedImage {
  size: number;
  regions: Region[];
  filesystems: FileSystem[];
  blobs: Blob[];
  /** Facts from vendor headers (model, version …), first seen wins. */
  facts: Record<string, string>;
  errors: string[];
}

export function entropy(buf: Uint8Array): number {
  if (buf.length === 0) return 0;
  const counts = new Uint32Array(256);
  for (let i = 0; i < buf.length; i++) counts[buf[i]!]!++;
  let h = 0;
  for (let i = 0; i < 256; i++) {
    const c = counts[i]!;
    if (c) {
      const p = c / buf.length;
      h -= p * Math.log2(p);
    }
  }
  return Math.round(h * 1000) / 1000;
}

function* magicHits(buf: Uint8Array, magic: Uint8Array): Generator<number> {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.length);
  let i = b.indexOf(magic);
  while (i >= 0) {
    yield i;
    i = b.indexOf(magic, i + 1);
  }
}

const MAX_CANDIDATES = 20_000;

export function unpackImage(image: Uint8Array, limits: UnpackLimits = DEFAULT_LIMITS, opts: { readContents?: boolean } = {}): UnpackedImage {
  const out: UnpackedImage = { size: image.length, regions: [], filesystems: [], blobs: [], facts: {}, errors: [] };
  const budget = new UnpackBudget(limits);
  out.regions = scanBuffer(image, { budget, depth: 0, readContents: opts.readContents ?? true }, out);
  return out;
}

function scanBuffer(buf: Uint8Array, ctx: HandlerContext, out: UnpackedImage): Region[] {
  const candidates: { off: number; h: Handler }[] = [];
  for (const h of HANDLERS) {
    if (ctx.depth > 0 && !h.nested) continue;
    for (const m of h.magics) {
      for (const hit of magicHits(buf, m)) {
        const off = hit + (h.magicOffset ?? 0);
        if (off >= 0) candidates.push({ off, h });
        if (candidates.length > MAX_CANDIDATES) break;
      }
    }
  }
  if (candidates.length > MAX_CANDIDATES) out.errors.push(`more than ${MAX_CANDIDATES} format signatures at depth ${ctx.depth}; the rest were not tried`);
  candidates.sort((a, b) => a.off - b.off || HANDLERS.indexOf(a.h) - HANDLERS.indexOf(b.h));

  const claimed: Region[] = [];
  let end = 0;
  for (const { off, h } of candidates) {
    if (off < end) continue;
    let carved;
    try {
      carved = h.carve(buf, off, ctx);
    } catch (e) {
      out.errors.push(`${h.name} at 0x${off.toString(16)}: ${(e as Error).message}`);
      continue;
    }
    if (!carved || carved.length <= 0) continue;
    const length = Math.min(carved.length, buf.length - off);
    const region: Region = { offset: off, length, kind: carved.kind, handler: h.name, entropy: entropy(buf.subarray(off, off + length)), detail: carved.detail, ...(carved.error ? { error: carved.error } : {}) };
    if (carved.facts) for (const [k, v] of Object.entries(carved.facts)) out.facts[k] ??= v;
    if (carved.filesystem) out.filesystems.push({ ...carved.filesystem, locator: [...(ctx.trail ?? []), { handler: h.name, offset: off }] });
    const blobs = [...(carved.blob ? [carved.blob] : []), ...(carved.blobs ?? [])];
    for (const [i, blob] of blobs.entries()) {
      out.blobs.push(blob);
      if (ctx.depth + 1 < ctx.budget.limits.maxDepth) {
        const trail = [...(ctx.trail ?? []), { handler: h.name, offset: off, blob: i }];
        const children = scanBuffer(blob.data, { ...ctx, depth: ctx.depth + 1, trail }, out).filter((r) => r.kind !== 'unknown' && r.kind !== 'padding');
        if (children.length) (region.children ??= []).push(...children);
      } else out.errors.push(`${blob.name}: nesting deeper than ${ctx.budget.limits.maxDepth}; not scanned`);
    }
    claimed.push(region);
    end = off + length;
  }
  return fillGaps(buf, claimed);
}

/** The claimed regions with every gap between them as padding or unknown regions, so the whole buffer is covered. */
function fillGaps(buf: Uint8Array, claimed: Region[]): Region[] {
  const all: Region[] = [];
  let pos = 0;
  const gap = (from: number, to: number): void => {
    if (to <= from) return;
    const part = buf.subarray(from, to);
    const first = part[0]!;
    if (part.every((b) => b === first) && (first === 0 || first === 0xff)) {
      all.push({ offset: from, length: to - from, kind: 'padding', handler: 'padding', entropy: 0, detail: `0x${first.toString(16).padStart(2, '0')} × ${to - from}` });
      return;
    }
    // Trailing padding after unknown bytes (flash alignment) is split off.
    let t = to;
    while (t > from && (buf[t - 1] === 0xff || buf[t - 1] === 0)) t--;
    if (to - t >= 256 && t > from) {
      all.push({ offset: from, length: t - from, kind: 'unknown', handler: 'unknown', entropy: entropy(buf.subarray(from, t)) });
      all.push({ offset: t, length: to - t, kind: 'padding', handler: 'padding', entropy: 0, detail: `0x${buf[to - 1]!.toString(16).padStart(2, '0')} × ${to - t}` });
      return;
    }
    all.push({ offset: from, length: to - from, kind: 'unknown', handler: 'unknown', entropy: entropy(part) });
  };
  for (const r of claimed) {
    gap(pos, r.offset);
    all.push(r);
    pos = r.offset + r.length;
  }
  gap(pos, buf.length);
  return all;
}
