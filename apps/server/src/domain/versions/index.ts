/**
 * Version management (SPEC §2 Android-version / iOS-version; issues 5 and 6):
 * assessments of one package over time and the diff between two of them.
 */
export { VersionService, MAX_VERSIONS, toVersionEntry } from './version-service.ts';
export { diffAssessments, permissionNames } from './assessment-diff.ts';
