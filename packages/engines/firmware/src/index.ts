/**
 * @citadel/engine-firmware: firmware images (router, IoT) unpacked in
 * TypeScript — vendor headers, uImage, squashfs 3.x/4.0 in both byte orders
 * with gzip or LZMA (vendor variants included), LZMA and gzip streams — with
 * every region of the image accounted for, then assessed.
 */
export { unpackImage, entropy, HANDLERS, type UnpackedImage } from './unpack/scan.ts';
export { DEFAULT_LIMITS, type FileSystem, type FsNode, type NodeType, type Region, type UnpackLimits } from './unpack/model.ts';
export { LzmaError, lzmaAloneDecompress, lzmaDecodeRaw } from './decompress/lzma.ts';
export { ENGINE_VERSION, FirmwareEngine, MAX_IMAGE_BYTES, engine } from './engine.ts';
export { FIRMWARE_CATALOGUE, FIRMWARE_ITEMS } from './catalogue/index.ts';
export { analyseImage, type ImageFacts } from './analysis/analyse.ts';
export { ImageView } from './analysis/view.ts';
export { compareAssessments, withTextDiffs, type FirmwareComparison } from './compare/compare.ts';
export { compareImages } from './compare/images.ts';
export { carveImage, carveLocated, type LocatorStep, lineDiff, MAX_DIFF_LINES, type CarveOptions, type CarveResult, type CarvedEntry } from './carve/index.ts';
