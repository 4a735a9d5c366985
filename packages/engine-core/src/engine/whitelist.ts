/**
 * Whitelist entries (SPEC: whitelists for SO files, resource files, debug-log
 * functions and global): occurrences that match are kept visible but marked
 * whitelisted, so they do not count against the score.
 */
import type { Evidence } from '@citadel/contracts';

export type WhitelistKind = 'so' | 'resource' | 'file' | 'class' | 'log_function' | 'value' | 'global';

export interface WhitelistEntry {
  /**
   * What the pattern is matched against:
   * so / resource / file: the evidence file (full path or base name; so only .so files, resource only non-code files);
   * class: the class or module; log_function: "Class.method" or the method;
   * value: the matched value in detail or snippet; global: any of these.
   */
  kind: WhitelistKind;
  /** Glob: `*` any run of characters, `?` one character; case-sensitive. */
  pattern: string;
  /** Only for these rules; all rules when absent. */
  ruleIds?: readonly string[];
  /** Disabled entries are ignored (SPEC: entries can be enabled or disabled). */
  enabled?: boolean;
}

const CODE_FILE = /\.(dex|so|abc|js|jar|class|smali|dylib|a|o)$/i;

export function globToRegExp(glob: string): RegExp {
  const body = glob
    .slice(0, 500)
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 's');
}

export type WhitelistMatcher = (ruleId: string, evidence: Evidence) => boolean;

/** Compiles the enabled entries into one predicate. */
export function compileWhitelist(entries: readonly WhitelistEntry[] = []): WhitelistMatcher {
  const compiled = entries.filter((e) => e.enabled !== false && e.pattern.trim() !== '').map((e) => ({ ...e, re: globToRegExp(e.pattern.trim()) }));
  if (compiled.length === 0) return () => false;
  return (ruleId, ev) =>
    compiled.some((e) => {
      if (e.ruleIds && !e.ruleIds.includes(ruleId)) return false;
      const file = ev.file;
      const base = file?.split('/').pop();
      const fileMatches = file !== undefined && (e.re.test(file) || e.re.test(base ?? ''));
      const methodRef = ev.className && ev.method ? `${ev.className}.${ev.method}` : ev.method;
      switch (e.kind) {
        case 'so':
          return fileMatches && /\.so(\.\d+)*$/.test(file ?? '');
        case 'resource':
          return fileMatches && !CODE_FILE.test(file ?? '');
        case 'file':
          return fileMatches;
        case 'class':
          return ev.className !== undefined && e.re.test(ev.className);
        case 'log_function':
          return (methodRef !== undefined && e.re.test(methodRef)) || (ev.method !== undefined && e.re.test(ev.method));
        case 'value':
          return (ev.detail !== undefined && e.re.test(ev.detail)) || (ev.snippet !== undefined && e.re.test(ev.snippet));
        case 'global':
          return (
            fileMatches ||
            (ev.className !== undefined && e.re.test(ev.className)) ||
            (methodRef !== undefined && e.re.test(methodRef)) ||
            (ev.detail !== undefined && e.re.test(ev.detail))
          );
      }
    });
}

/** SPEC §5: sensitive words are separated by English commas. Trims, drops empties and duplicates. */
export function parseSensitiveWords(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((w) => w.split(','));
  return [...new Set(parts.map((w) => w.trim()).filter((w) => w !== ''))];
}
