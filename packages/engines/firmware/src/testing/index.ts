/** Builders of the firmware engine's test inputs and the paths of the shared real images. */
export { FIRMWARE_CORPUS, hasImage } from './corpus.ts';
export { buildSquashfs, type TestNode } from './squashfs-writer.ts';
export { buildImage } from './image-writer.ts';
export { buildSquashfs2 } from './squashfs2-writer.ts';
export { buildCpio, buildNetgearChk, buildRomfs, buildSeama, buildTar, buildTrx, flatten } from './archive-writers.ts';
export { buildFdt } from './fdt-writer.ts';
export { buildJffs2 } from './jffs2-writer.ts';
export { lz4Compress, lzo1xCompress } from './lz-writers.ts';
export { buildCramfs } from './cramfs-writer.ts';
export { buildUbi, buildUbifs, type UbiVolume } from './ubi-writer.ts';
export { buildYaffs2 } from './yaffs2-writer.ts';
export { buildYaffs1 } from './yaffs1-writer.ts';
export { buildSevenZipShell, buildZip } from './zip-writer.ts';
export { buildHwnp } from './hwnp-writer.ts';
