/**
 * Insecure APIs from the imported symbols of every binary, through the
 * formats' rule table (symbol → category, polarity, reason): weaknesses fail,
 * review-only symbols are reported as "find problem". Anti-debug imports are
 * judged by the resilience checks, which need more context than one symbol.
 */
import type { ImportCategory } from '../formats/index.ts';
import type { IosCheckContext } from './context.ts';

/** Which catalogue item each import category feeds. */
export const IMPORT_CATEGORY_KEYS: Readonly<Record<ImportCategory, string>> = {
  'unsafe-memory': 'code.unsafe_memory_functions',
  'weak-hash': 'code.weak_hash',
  'crypto-review': 'code.cipher_usage_review',
  'weak-random': 'code.weak_random',
  logging: 'code.nslog',
  'deprecated-webview': 'code.uiwebview',
  'weak-keychain': 'storage.keychain_accessibility',
  'anti-debug': 'resilience.debugger_detection',
};

const IMPORT_KEYS = [...new Set(Object.values(IMPORT_CATEGORY_KEYS))].filter((k) => !k.startsWith('resilience.'));

export async function importChecks(c: IosCheckContext): Promise<void> {
  if (c.pkg.binaries.length === 0) {
    c.notExecuted(IMPORT_KEYS, 'no binary could be read');
    return;
  }
  await c.run(IMPORT_KEYS, () => {
    for (const b of c.pkg.binaries) {
      const seen = new Set<string>();
      for (const s of b.slices) {
        for (const hit of s.protections.insecureImports) {
          if (seen.has(hit.symbol) || hit.category === 'anti-debug') continue;
          seen.add(hit.symbol);
          const key = IMPORT_CATEGORY_KEYS[hit.category];
          const arches = b.slices.filter((x) => x.imports.includes(hit.symbol)).map((x) => x.arch).join(', ');
          const evidence = { file: b.path, snippet: hit.symbol, detail: `${hit.symbol} (${arches}): ${hit.reason}` };
          const opts = { attribution: b.owner };
          if (hit.polarity === 'weakness') c.fail(key, evidence, opts);
          else if (hit.polarity === 'review') c.problem(key, evidence, opts);
        }
      }
    }
  });
}
