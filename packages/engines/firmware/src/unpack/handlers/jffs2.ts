/** JFFS2 file systems in either byte order (see ../jffs2). */
import { readJffs2, scanJffs2 } from '../jffs2/read.ts';
import type { Handler } from './types.ts';

export const jffs2Handler: Handler = {
  name: 'jffs2',
  magics: [Uint8Array.of(0x85, 0x19), Uint8Array.of(0x19, 0x85)],
  nested: true,
  carve(buf, off, ctx) {
    if (off % 4 !== 0) return undefined; // nodes are 4-byte aligned on flash
    const scan = scanJffs2(buf, off);
    if (!scan || scan.nodeCount < 2) return undefined;
    const filesystem = readJffs2(scan, off, ctx.budget, ctx.readContents);
    return { length: scan.end - off, kind: 'filesystem', detail: `JFFS2 ${filesystem.variant}, ${scan.nodeCount} nodes`, filesystem, ...(filesystem.errors.length ? { error: filesystem.errors[0] } : {}) };
  },
};
