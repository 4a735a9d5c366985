/**
 * romfs (Linux Documentation/filesystems/romfs.rst): a big-endian, 16-byte
 * aligned file system used by small embedded images. Superblock "-rom1fs-",
 * full size, checksum, volume name; then file headers: next-header offset with
 * the type in its low 3 bits (and bit 3 executable), type-specific info (first
 * entry of a directory, device numbers, hard link target), size, checksum, name
 * padded to 16, data. Directories are linked lists; a header reached twice is
 * a loop and is not followed again.
 */
import { FsBuilder } from '../archive/fs-builder.ts';
import type { NodeType } from '../model.ts';
import { type Handler, bytes, cString } from './types.ts';

const TYPES: (NodeType | 'hardlink')[] = ['hardlink', 'dir', 'file', 'symlink', 'blockdev', 'chardev', 'socket', 'fifo'];

function nameEnd(buf: Uint8Array, at: number, limit: number): number {
  let e = at;
  while (e < limit && buf[e] !== 0) e++;
  return e;
}

export const romfsHandler: Handler = {
  name: 'romfs',
  magics: [bytes('-rom1fs-')],
  nested: true,
  carve(buf, off, ctx) {
    if (off + 32 > buf.length) return undefined;
    const dv = new DataView(buf.buffer, buf.byteOffset);
    const size = dv.getUint32(off + 8);
    if (size < 32) return undefined;
    const limit = Math.min(buf.length, off + size);
    const volume = cString(buf, off + 16, 256);
    const first = off + Math.ceil((nameEnd(buf, off + 16, limit) + 1 - off) / 16) * 16;
    const fs = new FsBuilder(ctx.budget, ctx.readContents);
    if (off + size > buf.length) fs.errors.push(`romfs declares ${size} bytes, ${buf.length - off} present (truncated)`);
    const seen = new Set<number>();
    let count = 0;
    const walkDir = (start: number, prefix: string, depth: number): void => {
      for (let at = start; at !== 0 && at >= 32; ) {
        const abs = off + at;
        if (seen.has(at)) {
          fs.errors.push(`${prefix || '/'}: header at ${at} reached twice (loop); not followed`);
          return;
        }
        seen.add(at);
        if (abs + 16 > limit) {
          fs.errors.push(`${prefix || '/'}: header at ${at} is outside the file system`);
          return;
        }
        const next = dv.getUint32(abs);
        const spec = dv.getUint32(abs + 4);
        const fileSize = dv.getUint32(abs + 8);
        const nEnd = nameEnd(buf, abs + 16, limit);
        const name = Buffer.from(buf.subarray(abs + 16, nEnd)).toString('utf8');
        const dataAt = abs + 16 + Math.ceil((nEnd + 1 - (abs + 16)) / 16) * 16;
        const kind = TYPES[next & 7]!;
        const path = `${prefix}/${name}`;
        if (name !== '.' && name !== '..' && name !== '') {
          count++;
          const mode = next & 8 ? 0o755 : 0o644;
          const present = Math.max(0, Math.min(fileSize, limit - dataAt));
          const data = (): Uint8Array => buf.subarray(dataAt, dataAt + present);
          let added = true;
          if (kind === 'hardlink') fs.errors.push(`${path}: hard link to header ${spec}; listed once at its target`);
          else if (kind === 'dir') {
            added = fs.add({ path, type: 'dir', mode: 0o755 });
            if (added && depth < ctx.budget.limits.maxPathDepth) walkDir(spec & ~15, path, depth + 1);
          } else
            added = fs.add({
              path,
              type: kind,
              mode,
              size: fileSize,
              ...(kind === 'symlink' ? { target: Buffer.from(data()).toString('utf8') } : {}),
              ...(kind === 'chardev' || kind === 'blockdev' ? { rdev: ((spec >>> 16) << 8) | (spec & 0xffff) } : {}),
              ...(kind === 'file' ? { read: data } : {}),
            });
          if (!added) return;
        }
        at = next & ~15;
      }
    };
    fs.add({ path: '/', type: 'dir', mode: 0o755 });
    try {
      // The root directory's header is the first one; its own listing starts at its spec.info.
      const rootNext = dv.getUint32(first);
      if ((rootNext & 7) === 1) walkDir(dv.getUint32(first + 4) & ~15, '', 1);
      else walkDir(first - off, '', 1);
    } catch (e) {
      fs.errors.push(`romfs damaged: ${(e as Error).message}`);
    }
    const length = Math.min(size, buf.length - off);
    const filesystem = fs.fileSystem('romfs', volume ? `volume "${volume}"` : 'romfs', off, length);
    return { length, kind: 'filesystem', detail: `romfs "${volume}", ${count} entries, ${size} bytes`, filesystem, ...(filesystem.errors.length ? { error: filesystem.errors[0] } : {}) };
  },
};
