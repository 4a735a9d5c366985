/**
 * Entry-name safety: the names an archive carries are attacker-chosen paths.
 * Readers flag the dangerous shapes (zip-slip and friends) on every entry, and
 * code that extracts goes through safeJoin, which refuses to leave its root.
 */
import path from 'node:path';
import { FormatError } from '../binary/byte-reader.ts';

export type NameIssue =
  | 'empty'
  | 'dot-dot' // a ".." segment: may climb out of the extraction folder
  | 'absolute' // starts with "/" (or "\"): extraction would ignore the root
  | 'drive-letter' // "C:" prefix: absolute on Windows
  | 'backslash' // Windows separator: other tools split on it, we do not
  | 'nul' // NUL byte: C code sees a shorter name than we do
  | 'control-char' // other C0 controls: spoof listings and logs
  | 'too-long';

/** Why each issue matters, for evidence texts. */
export const NAME_ISSUE_REASONS: Readonly<Record<NameIssue, string>> = {
  empty: 'empty entry name',
  'dot-dot': '".." path segment can escape the extraction folder (zip slip)',
  absolute: 'absolute path ignores the extraction folder',
  'drive-letter': 'Windows drive letter makes the path absolute on Windows',
  backslash: 'backslash is a path separator on Windows, so the name means different paths to different tools',
  nul: 'NUL byte truncates the name for C-based tools',
  'control-char': 'control characters can spoof listings and logs',
  'too-long': 'name longer than the configured limit',
};

export function checkEntryName(name: string, maxLength = 4096): NameIssue[] {
  const issues: NameIssue[] = [];
  if (name.length === 0) issues.push('empty');
  if (Buffer.byteLength(name, 'utf8') > maxLength) issues.push('too-long');
  if (name.includes('\0')) issues.push('nul');
  // eslint-disable-next-line no-control-regex
  if (/[\x01-\x1f\x7f]/.test(name)) issues.push('control-char');
  if (name.includes('\\')) issues.push('backslash');
  if (name.startsWith('/') || name.startsWith('\\')) issues.push('absolute');
  if (/^[A-Za-z]:/.test(name)) issues.push('drive-letter');
  if (name.split(/[\\/]/).includes('..')) issues.push('dot-dot');
  return issues;
}

/**
 * The absolute path of `name` under `root`, for code that writes entries to
 * disk. Backslashes are treated as separators (as Windows would), and any name
 * that is absolute, has a drive letter or NUL, or resolves outside root is
 * refused with a FormatError.
 */
export function safeJoin(root: string, name: string): string {
  const fail = (why: string): never => {
    throw new FormatError(`unsafe entry name ${JSON.stringify(name.slice(0, 200))}: ${why}`, 'archive');
  };
  if (name.length === 0) fail('empty');
  if (name.includes('\0')) fail('NUL byte');
  const normalised = name.replace(/\\/g, '/');
  if (normalised.startsWith('/')) fail('absolute path');
  if (/^[A-Za-z]:/.test(normalised)) fail('drive letter');
  const base = path.resolve(root);
  const target = path.resolve(base, ...normalised.split('/').filter((s) => s !== ''));
  if (target !== base && !target.startsWith(base + path.sep)) fail('escapes the extraction root');
  return target;
}
