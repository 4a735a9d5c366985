/** UBIFS inside an assembled UBI volume (or a bare volume dump): see ../ubifs/read.ts. */
import { readSuper, readUbifs } from '../ubifs/read.ts';
import type { Handler } from './types.ts';

export const ubifsHandler: Handler = {
  name: 'ubifs',
  magics: [Uint8Array.of(0x31, 0x18, 0x10, 0x06)],
  nested: true,
  carve(buf, off, ctx) {
    const sb = readSuper(buf, off);
    if (!sb) return undefined;
    const filesystem = readUbifs(buf, off, sb, ctx.budget, ctx.readContents);
    const files = filesystem.nodes.filter((n) => n.type === 'file').length;
    return {
      length: filesystem.length,
      kind: 'filesystem',
      detail: `UBIFS ${filesystem.variant}, ${filesystem.nodes.length} entries (${files} files), ${filesystem.declaredInodes} inodes in the index`,
      filesystem,
      ...(filesystem.errors.length ? { error: filesystem.errors[0] } : {}),
    };
  },
};
