/**
 * Go module versions (go.dev/ref/mod#versions): semantic versions with a
 * mandatory "v" (OSV's Go records drop it, so it is optional here);
 * "+incompatible" is build metadata and ignored; pseudo-versions
 * (v0.0.0-20191109021931-daa7c04131f5, vX.Y.Z-pre.0.yyyymmddhhmmss-hash,
 * vX.Y.(Z+1)-0.yyyymmddhhmmss-hash) are pre-releases and order correctly under
 * semver rules by construction. The standard library's "go1.20.3" tags are
 * read as 1.20.3 and "go1.21rc2" as 1.21.0-rc2.
 */
import { compareSemver, parseSemver } from './semver.ts';
import { memo, type VersionScheme } from './types.ts';

export function normalizeGo(v: string): string {
  let s = v.trim();
  const tag = /^go(\d+)(?:\.(\d+))?(?:\.(\d+))?((?:rc|beta|alpha)\d*)?$/.exec(s);
  if (tag) s = `${tag[1]}.${tag[2] ?? '0'}.${tag[3] ?? '0'}${tag[4] ? `-${tag[4]}` : ''}`;
  return s.replace(/^v/, '');
}

const normalizedGo = memo(normalizeGo);

export const go: VersionScheme = {
  name: 'go',
  compare: (a, b) => compareSemver(normalizedGo(a), normalizedGo(b)),
  valid: (v) => parseSemver(normalizeGo(v), false) !== undefined,
};
