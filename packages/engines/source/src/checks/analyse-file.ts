/**
 * One source file through every code check: parse, run the taint
 * interpreter (injection rules) with the call rules observing each call, the
 * syntax rules, and the shared secrets scanner. Returns raw hits; the engine
 * turns them into evidence.
 */
import { argView } from '../taint/arg-view.ts';
import { scanSecrets } from '@citadel/engine-core';
import { parseSource } from '../parse/parser.ts';
import type { LanguageId, Syn } from '../parse/syntax.ts';
import { CALL_RULES, type CallRule } from '../rules/call-rules.ts';
import { syntaxRules } from '../rules/syntax-rules.ts';
import type { JsProject } from '../project/js-project.ts';
import type { ProjectProperties } from '../project/properties.ts';
import { type TaintHit, TaintInterpreter } from '../taint/interpreter.ts';
import { specsFor } from '../taint/match.ts';
import { type LangGroup, groupOf } from '../taint/syntax-profile.ts';
import type { SinkKind, Step } from '../taint/value.ts';

export const SINK_RULE: Record<Exclude<SinkKind, 'viewdata' | 'sqli-quoted'>, string> = {
  sqli: 'injection.sql', cmdi: 'injection.command', code: 'injection.code', path: 'injection.path_traversal', xss: 'injection.xss',
  ldap: 'injection.ldap', xpath: 'injection.xpath', ssrf: 'injection.ssrf', deser: 'injection.deserialization', xxe: 'injection.xxe',
  redirect: 'injection.open_redirect', ssti: 'injection.template', nosqli: 'injection.nosql', trustbound: 'web.trust_boundary', log: 'injection.log',
};

export interface RawHit {
  key: string;
  /** The file of the hit when it is not the file analysed (a sink in an imported module reached from it). */
  file?: string;
  line: number;
  /** Start/end offsets of the sink (or the flagged code) in the file. */
  start: number;
  end: number;
  steps?: readonly Step[];
  detail?: string;
}

export interface FileResult {
  hits: RawHit[];
  /** Why the file was only partly analysed, if it was. */
  partial?: string;
}

const rulesByGroup = new Map<LangGroup, Map<string, CallRule[]>>();
function callRulesFor(g: LangGroup): Map<string, CallRule[]> {
  let m = rulesByGroup.get(g);
  if (!m) {
    m = new Map();
    for (const r of CALL_RULES) if (r.langs.includes(g)) for (const n of r.names) m.set(n, [...(m.get(n) ?? []), r]);
    rulesByGroup.set(g, m);
  }
  return m;
}

/** A file analysed as part of a project: its path, and the JS/TS project its imports are resolved in. */
export interface ProjectContext {
  /** C#: ViewBag/ViewData keys the project's controllers fill with request data (read by the Razor view check). */
  viewData?: Set<string> | undefined;
  file: string;
  project?: JsProject | undefined;
  /** The project's .properties values (Java). */
  properties?: ProjectProperties | undefined;
}

export async function analyseCode(text: string, lang: LanguageId, wants: (key: string) => boolean, ctx?: ProjectContext): Promise<FileResult> {
  const parsed = await parseSource(lang, text);
  if (!parsed) return { hits: [], partial: 'the parser gave up on this file (timeout)' };
  const group = groupOf(lang);
  const hits: RawHit[] = [];
  const seen = new Set<string>();
  const add = (h: RawHit) => {
    const k = `${h.file ?? ''}:${h.key}:${h.start}`;
    if (seen.has(k) || !wants(h.key)) return;
    seen.add(k);
    hits.push(h);
  };
  const src = (n: Syn) => text.slice(n.start, n.end);
  const rules = callRulesFor(group);
  const project = group === 'js' || group === 'python' || group === 'go' || group === 'csharp' ? ctx?.project : undefined;
  const taintHit = (hit: TaintHit, file: string | undefined, fileText: string) => {
    const at = hit.call.node;
    const arg = hit.arg ? `tainted argument: ${fileText.slice(hit.arg.start, hit.arg.end).slice(0, 120)}` : undefined;
    if (hit.kind === 'sqli-quoted') return;
    if (hit.kind === 'viewdata') {
      // ViewBag.X / ViewData["X"] given request data: the key, for the views (no finding here).
      const key = hit.call.name === '__setitem__' ? hit.call.args[0] && fileText.slice(hit.call.args[0].start, hit.call.args[0].end).replace(/^@?"|"$/g, '') : hit.call.name.replace(/^set_/, '');
      if (key && !hit.taint.cleared.has('xss')) ctx?.viewData?.add(key);
      return;
    }
    add({ key: SINK_RULE[hit.kind], ...(file ? { file } : {}), line: at.row + 1, start: at.start, end: at.end, steps: hit.taint.steps, detail: arg });
  };
  const interp = new TaintInterpreter(text, parsed.root, lang, specsFor(group), (hit) => taintHit(hit, undefined, text), {
    onCall: (call, args, recv, recvType) => {
      const list = rules.get(call.name);
      if (!list) return;
      const input = { ...argView(call, args, text), call, args, recv, recvType, argText: call.args.map(src), recvText: call.receiver ? src(call.receiver) : '', fileText: text };
      for (const r of list) if (wants(r.key) && r.test(input)) add({ key: r.key, line: call.node.row + 1, start: call.node.start, end: call.node.end });
    },
    ...(ctx ? { file: ctx.file } : {}),
    ...(project && ctx ? { linker: project.linkerFor(ctx.file, parsed.root, text) } : {}),
    ...(group === 'java' && ctx?.properties?.size ? { properties: ctx.properties } : {}),
  });
  if (project) project.onForeignHit = (file, hit) => taintHit(hit, file === ctx?.file ? undefined : file, project.text(file) ?? '');
  try {
    interp.run();
  } finally {
    if (project) project.onForeignHit = undefined;
  }
  syntaxRules(parsed.root, text, group, (h) => add({ key: h.key, line: h.node.row + 1, start: h.node.start, end: h.node.end, detail: h.detail }));
  secretHits(text, add);
  const partial = interp.exhausted ? 'analysis budget exhausted: data flow checked only in part of this file' : parsed.errorShare > 0.3 ? `${Math.round(parsed.errorShare * 100)} % of the syntax tree could not be parsed` : undefined;
  return { hits, ...(partial ? { partial } : {}) };
}

/** Secrets of known formats (engine-core scanner, no bare-entropy matches: they are mostly noise in source). */
export function secretHits(text: string, add: (h: RawHit) => void): void {
  for (const m of scanSecrets(text, { entropy: false, maxMatches: 200 })) {
    if (m.kind !== 'secret' || m.confidence === 'low') continue;
    const line = text.slice(0, m.index).split('\n').length;
    add({ key: 'secrets.hardcoded_secret', line, start: m.index, end: m.index + m.value.length, detail: `${m.patternId}: ${m.masked}` });
  }
}
