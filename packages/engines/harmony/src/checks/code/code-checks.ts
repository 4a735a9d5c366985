/**
 * Runs the string rules over every code unit (each distinct match once per
 * unit), plus the one absence rule: a database module imported without any
 * "encrypt" option in the same file.
 */
import type { CheckContext } from '../context.ts';
import { type CodeUnit, importsAny } from './code-units.ts';
import { DATABASE_MODULES, STRING_RULES } from './string-rules.ts';

export const CODE_KEYS = [...new Set([...STRING_RULES.map((r) => r.key), 'storage.database_unencrypted'])];

export async function codeChecks(c: CheckContext, units: readonly CodeUnit[]): Promise<void> {
  const abcless = !units.some((u) => u.kind === 'abc');
  if (abcless) {
    const why = c.modules.some((m) => m.dex.length > 0) ? 'no Ark bytecode (.abc) in the package; its DEX code is checked by the dex.* items' : 'no Ark bytecode (.abc) in the package';
    c.notExecuted(CODE_KEYS, why);
    return;
  }
  await c.run(CODE_KEYS, () => {
    for (const unit of units.filter((u) => u.kind === 'abc')) {
      c.builder.throwIfAborted();
      for (const rule of STRING_RULES) {
        if (!c.wants(rule.key) || (rule.when && !rule.when(unit))) continue;
        let n = 0;
        for (const s of unit.strings) {
          if (!rule.pattern.test(s)) continue;
          const ev = { file: unit.file, snippet: s.slice(0, 200), detail: rule.detail };
          if (rule.result === 'fail') c.fail(rule.key, ev);
          else c.problem(rule.key, ev);
          if (++n >= 50) break;
        }
      }
      const db = DATABASE_MODULES.filter((m) => unit.imports.has(m));
      if (db.length > 0 && importsAny(unit, db) && !unit.strings.includes('encrypt')) {
        c.fail('storage.database_unencrypted', { file: unit.file, snippet: db.map((m) => `@ohos.${m}`).join(', '), detail: 'store opened without an encrypt option anywhere in this file' });
      }
    }
  });
}
