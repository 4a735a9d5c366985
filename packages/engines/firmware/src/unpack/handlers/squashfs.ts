/** squashfs 2.x, 3.x and 4.0 in either byte order and with the vendor magics (see ../squashfs). */
import { readSquashfsV2, readSuperV2 } from '../squashfs/v2.ts';
import { V3_MAGICS, readSquashfsV3, readSuperV3 } from '../squashfs/v3.ts';
import { readSquashfsV4, readSuperV4 } from '../squashfs/v4.ts';
import { type Handler, bytes } from './types.ts';

export const squashfsHandler: Handler = {
  name: 'squashfs',
  magics: Object.keys(V3_MAGICS).map(bytes),
  nested: true,
  carve(buf, off, ctx) {
    const v4 = readSuperV4(buf, off);
    if (v4) {
      const fs = readSquashfsV4(buf, off, v4, ctx.budget, ctx.readContents);
      return { length: fs.length, kind: 'filesystem', detail: `squashfs ${fs.variant}, ${v4.inodes} inodes, block size ${v4.blockSize}`, filesystem: fs, ...(fs.errors.length ? { error: fs.errors[0] } : {}) };
    }
    const v3 = readSuperV3(buf, off);
    if (v3) {
      const fs = readSquashfsV3(buf, off, v3, ctx.budget, ctx.readContents);
      return { length: fs.length, kind: 'filesystem', detail: `squashfs ${fs.variant}, ${v3.inodes} inodes, block size ${v3.blockSize}`, filesystem: fs, ...(fs.errors.length ? { error: fs.errors[0] } : {}) };
    }
    const v2 = readSuperV2(buf, off);
    if (v2) {
      const fs = readSquashfsV2(buf, off, v2, ctx.budget, ctx.readContents);
      return { length: fs.length, kind: 'filesystem', detail: `squashfs ${fs.variant}, ${v2.inodes} inodes, block size ${v2.blockSize}`, filesystem: fs, ...(fs.errors.length ? { error: fs.errors[0] } : {}) };
    }
    return undefined;
  },
};
