/**
 * Language of a file from its name, and line counting. Config files the
 * engine reads (AndroidManifest.xml, Info.plist …) are kinds of their own.
 */
import type { LanguageId } from '../parse/syntax.ts';

export type FileKind = { kind: 'code'; lang: LanguageId; display: string } | { kind: 'config'; display: string } | { kind: 'text'; display: string } | { kind: 'other' };

const CODE: Record<string, [LanguageId, string]> = {
  java: ['java', 'Java'], kt: ['kotlin', 'Kotlin'], kts: ['kotlin', 'Kotlin'],
  js: ['javascript', 'JavaScript'], mjs: ['javascript', 'JavaScript'], cjs: ['javascript', 'JavaScript'], jsx: ['javascript', 'JavaScript'],
  ts: ['typescript', 'TypeScript'], mts: ['typescript', 'TypeScript'], cts: ['typescript', 'TypeScript'], tsx: ['tsx', 'TypeScript'],
  py: ['python', 'Python'], go: ['go', 'Go'],
  c: ['c', 'C'], h: ['c', 'C'], cc: ['cpp', 'C++'], cpp: ['cpp', 'C++'], cxx: ['cpp', 'C++'], hpp: ['cpp', 'C++'], hh: ['cpp', 'C++'], hxx: ['cpp', 'C++'],
  php: ['php', 'PHP'], m: ['objc', 'Objective-C'], mm: ['objc', 'Objective-C'], swift: ['swift', 'Swift'], cs: ['csharp', 'C#'],
};
const TEXT_EXT = new Set(['xml', 'json', 'yml', 'yaml', 'properties', 'env', 'plist', 'gradle', 'cfg', 'conf', 'ini', 'toml', 'html', 'htm', 'vue', 'sql', 'sh', 'rb', 'cshtml', 'razor', 'scala', 'dart', 'lua', 'pem', 'key']);

/** Folders that hold third-party or generated code: skipped, and listed in the result. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', 'vendor', 'bower_components', 'jspm_packages', 'build', 'dist', 'out', 'target', '.git', '.svn', '.hg', 'Pods', 'Carthage', 'DerivedData', '.gradle', '.idea', '.next', '.nuxt', '__pycache__', '.venv', 'venv', 'site-packages', '.tox', 'coverage', 'third_party', 'thirdparty', 'bin', 'obj', 'generated', '.dart_tool']);

export function kindOf(path: string): FileKind {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base === 'AndroidManifest.xml' || base === 'Info.plist' || base === 'network_security_config.xml' || /\.plist$/.test(base) && /Info/.test(base)) return { kind: 'config', display: base === 'AndroidManifest.xml' || base === 'network_security_config.xml' ? 'Android config' : 'iOS config' };
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : base === '.env' ? 'env' : '';
  if (/\.min\.js$/.test(base) || /\.bundle\.js$/.test(base) || /\.d\.ts$/.test(base)) return { kind: 'text', display: 'JavaScript (minified/declarations)' };
  const code = CODE[ext];
  if (code) return { kind: 'code', lang: code[0], display: code[1] };
  if (TEXT_EXT.has(ext)) return { kind: 'text', display: ext.toUpperCase() };
  return { kind: 'other' };
}

/** The skipped folder a path lies in, if any. */
export function skippedFolderOf(path: string): string | undefined {
  const parts = path.split('/');
  for (let i = 0; i < parts.length - 1; i++) if (SKIPPED_FOLDERS.has(parts[i]!)) return parts.slice(0, i + 1).join('/');
  return undefined;
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  if (text.endsWith('\n')) n--;
  return n;
}

/** Files with NUL bytes in their first 8 KiB are binary. */
export function looksBinary(buf: Uint8Array): boolean {
  const n = Math.min(buf.length, 8192);
  for (let i = 0; i < n; i++) if (buf[i] === 0) return true;
  return false;
}
