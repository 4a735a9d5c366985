/**
 * Version management of the result pages (SPEC §2 Android-version / iOS-version):
 * the assessments of one package over time with a score trend, two of them
 * chosen as base and compared version, and their diff (new, fixed, unchanged
 * findings; permission and SDK changes; score delta).
 */
export { VersionManager } from './VersionManager.tsx';
export { VersionDiffView } from './VersionDiffView.tsx';
export { defaultPair } from './pair.ts';
