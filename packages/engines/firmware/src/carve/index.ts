/** File contents of a stored image on demand (portal viewer, single-file download, text diffs). */
export { carveImage, carveLocated, type LocatedCarve, type CarveOptions, type CarveResult, type CarvedEntry } from './carve.ts';
export { LocatedImage, replay } from './locate.ts';
export type { LocatorStep } from '../unpack/model.ts';
export { lineDiff, MAX_DIFF_LINES } from '../compare/diff.ts';
