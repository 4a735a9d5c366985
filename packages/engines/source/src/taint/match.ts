/**
 * Matching calls against the specs of rules/taint-specs.ts, with the specs of
 * one language family pre-selected once per file.
 */
import { GUARD_CALLS, type GuardCallSpec, MEMBER_SOURCES, type MemberSource, SANITIZERS, type SanitizerSpec, SINKS, SOURCE_CALLS, SOURCE_VARIABLES, VALUE_FLAGS, type CallSpec, type SinkSpec, type ValueFlagSpec } from '../rules/taint-specs.ts';
import type { CallSite, LangGroup } from './syntax-profile.ts';

export interface Specs {
  sinks: readonly SinkSpec[];
  sanitizers: readonly SanitizerSpec[];
  sourceCalls: readonly CallSpec[];
  memberSources: readonly MemberSource[];
  sourceVariables: readonly string[] | undefined;
  valueFlags: readonly ValueFlagSpec[];
  guardCalls: readonly GuardCallSpec[];
}

const cache = new Map<LangGroup, Specs>();

export function specsFor(group: LangGroup): Specs {
  let s = cache.get(group);
  if (!s) {
    const mine = <T extends { langs: readonly LangGroup[] }>(list: readonly T[]) => list.filter((x) => x.langs.includes(group));
    s = { sinks: mine(SINKS), sanitizers: mine(SANITIZERS), sourceCalls: mine(SOURCE_CALLS), memberSources: mine(MEMBER_SOURCES), sourceVariables: SOURCE_VARIABLES[group], valueFlags: mine(VALUE_FLAGS), guardCalls: mine(GUARD_CALLS) };
    cache.set(group, s);
  }
  return s;
}

export interface CallContext {
  call: CallSite;
  recvText: string | undefined;
  recvType: string | undefined;
}

export function matchesCall(spec: CallSpec, c: CallContext): boolean {
  if (!spec.names.includes(c.call.name)) return false;
  if ((spec.isNew ?? false) !== c.call.isNew) return false;
  if (!spec.recv) return true;
  const r = spec.recv;
  return r.test(c.call.callee) || (c.recvText !== undefined && r.test(c.recvText)) || (c.recvType !== undefined && r.test(c.recvType));
}
