/**
 * The code rules over every ABC unit. Decoded files are judged by their call
 * facts first (call-rules.ts): a finding names the class (record) and method
 * and shows the call with its arguments. A string rule then runs for what the
 * calls did not decide — keys without a call rule (static IVs), and keys
 * whose API was not seen with constant arguments, where a matching string is
 * reported for review only. Files that were not decoded keep the string
 * rules as they are. Plus the one absence rule: a database module imported
 * without any "encrypt" option in the same file.
 */
import type { Evidence } from '@citadel/contracts';
import type { CheckContext } from '../context.ts';
import { CALL_RULES, CALL_RULE_KEYS, type Judgement, LOAD_RULES, renderCall } from './call-rules.ts';
import { type CodeUnit, importsAny } from './code-units.ts';
import { DATABASE_MODULES, STRING_RULES } from './string-rules.ts';

export const CODE_KEYS = [...new Set([...STRING_RULES.map((r) => r.key), ...CALL_RULE_KEYS, 'storage.database_unencrypted'])];

const MAX_PER_KEY_AND_UNIT = 50;

export async function codeChecks(c: CheckContext, units: readonly CodeUnit[]): Promise<void> {
  const abcless = !units.some((u) => u.kind === 'abc');
  if (abcless) {
    const dexChecked = c.platform === 'harmony' && c.modules.some((m) => m.dex.length > 0);
    const why = dexChecked ? 'no Ark bytecode (.abc) in the package; its DEX code is checked by the dex.* items' : 'no Ark bytecode (.abc) in the package';
    c.notExecuted(CODE_KEYS, why);
    return;
  }
  await c.run(CODE_KEYS, () => {
    for (const unit of units.filter((u) => u.kind === 'abc')) {
      c.builder.throwIfAborted();
      const counts = new Map<string, number>();
      const report = (key: string, j: Judgement, ev: Evidence) => {
        const n = counts.get(key) ?? 0;
        if (n >= MAX_PER_KEY_AND_UNIT) return;
        counts.set(key, n + 1);
        if (j.result === 'fail') c.fail(key, ev);
        else c.problem(key, ev);
      };
      const decided = unit.decoded ? callFindings(c, unit, report) : new Set<string>();
      for (const rule of STRING_RULES) {
        if (!c.wants(rule.key) || decided.has(rule.key) || (rule.when && !rule.when(unit))) continue;
        const review = unit.decoded && CALL_RULE_KEYS.has(rule.key);
        const seen = new Set<string>();
        for (const s of unit.strings) {
          if (!rule.pattern.test(s) || seen.has(s)) continue;
          seen.add(s);
          const detail = review ? `${rule.detail}; not seen as a constant argument of a call in the decoded code` : rule.detail;
          report(rule.key, { result: review ? 'problem' : rule.result, detail }, { file: unit.file, snippet: s.slice(0, 200), detail });
        }
      }
      const db = DATABASE_MODULES.filter((m) => unit.imports.has(m));
      if (db.length > 0 && importsAny(unit, db) && !unit.strings.includes('encrypt')) {
        c.fail('storage.database_unencrypted', { file: unit.file, snippet: db.map((m) => `@ohos.${m}`).join(', '), detail: 'store opened without an encrypt option anywhere in this file' });
      }
    }
  });
}

/** Runs the call and load rules over one decoded unit; returns the keys they decided (an API seen with constant arguments). */
function callFindings(c: CheckContext, unit: CodeUnit, report: (key: string, j: Judgement, ev: Evidence) => void): Set<string> {
  const decided = new Set<string>();
  const rules = CALL_RULES.filter((r) => c.wants(r.key) && (!r.inUnit || r.inUnit(unit)));
  const loads = LOAD_RULES.filter((r) => c.wants(r.key));
  for (const m of unit.methods) {
    const where = { file: unit.file, className: m.record, method: m.method };
    for (const call of m.calls) {
      for (const rule of rules) {
        if (!rule.callee.test(call.callee) || (rule.module && !rule.module.test(call.module ?? ''))) continue;
        const j = rule.judge(call);
        if (j === undefined) continue;
        decided.add(rule.key);
        if (j !== 'safe') report(rule.key, j, { ...where, snippet: renderCall(call), detail: j.detail });
      }
    }
    for (const path of m.loads) {
      for (const rule of loads) {
        if (!rule.path.test(path)) continue;
        decided.add(rule.key);
        report(rule.key, rule.judgement, { ...where, snippet: path, detail: rule.judgement.detail });
      }
    }
  }
  return decided;
}
