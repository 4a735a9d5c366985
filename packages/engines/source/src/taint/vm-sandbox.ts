/**
 * Node's `vm.runInContext(code, sandbox)` with constant code that works on
 * variables of the sandbox: the attacker's data is in the sandbox, not in the
 * code, so the usual sink check sees nothing. Two shapes are dangerous:
 * - the code evaluates a sandbox variable (`safeEval(orderLines)`, `eval(x)`,
 *   notevil …: "safe" evaluators have all been escaped) → code injection;
 * - the code parses a sandbox variable as XML (`XmlDocument.fromString(data, …)`,
 *   `parseXml(data, …)`) in a file that turns entity substitution on
 *   (XML_PARSE_NOENT, `noent: true`) → XXE.
 */
import type { CallSite } from './syntax-profile.ts';
import { type Value, isTaintedFor } from './value.ts';
import type { Walker } from './walker.ts';

const EVALUATES = /\b(?:eval|safeEval|safeEvaluate|notevil|evaluate|Function)\s*\(\s*([A-Za-z_$][\w$]*)/g;
const PARSES_XML = /\b(?:fromString|parseXml|parseXmlString|parseXML)\s*\(\s*([A-Za-z_$][\w$]*)/g;
const ENTITIES_ON = /XML_PARSE_NOENT|noent\s*:\s*true/;

export function checkVmSandbox(w: Walker, call: CallSite, args: readonly Value[]): void {
  if (!/^runIn(New)?Context$/.test(call.name) || typeof args[0]?.konst !== 'string') return;
  const code = args[0].konst;
  const sandbox = args[1]?.entries;
  if (!sandbox) return;
  for (const m of code.matchAll(EVALUATES)) {
    const t = isTaintedFor(sandbox.get(m[1]!), 'code');
    if (t) return w.onHit({ kind: 'code', call, arg: call.args[1], taint: t });
  }
  if (!ENTITIES_ON.test(w.src)) return;
  for (const m of code.matchAll(PARSES_XML)) {
    const t = isTaintedFor(sandbox.get(m[1]!), 'xxe');
    if (t) return w.onHit({ kind: 'xxe', call, arg: call.args[1], taint: t });
  }
}
