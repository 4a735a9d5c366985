/**
 * Lists, maps and string builders inside one function: which slot holds what,
 * so `list.add("safe"); list.add(param); list.remove(0); list.get(1)` or
 * `map.put("a", "x"); map.put("b", param); map.get("a")` read the right slot.
 * Unknown containers fall back to "tainted when anything tainted went in".
 */
import type { CallSite, LangGroup } from './syntax-profile.ts';
import { type Step, type Value, UNKNOWN, deepTaint, derive, join, withStep } from './value.ts';

export type Env = Map<string, Value>;

// Java collections, and .NET's (System.Collections.Generic List<T>, Dictionary<K,V> …, generic arguments dropped).
const LIST_TYPES = /^(java\.util\.|System\.Collections\.Generic\.)?(ArrayList|LinkedList|Vector|ArrayDeque|CopyOnWriteArrayList|Stack|List)(<.*>)?$/s;
const MAP_TYPES = /^(java\.util\.|System\.Collections\.Generic\.|System\.Collections\.Concurrent\.)?(HashMap|Hashtable|TreeMap|LinkedHashMap|ConcurrentHashMap|Properties|Map|Dictionary|SortedDictionary|ConcurrentDictionary)(<.*>)?$/s;
const BUILDERS = /^(java\.lang\.)?(StringBuilder|StringBuffer)$/;
const MUTATORS = new Set(['add', 'push', 'append', 'put', 'set', 'addAll', 'insert', 'unshift', 'extend', 'update', 'setdefault', 'addElement', 'offer', 'putAll', 'concat', 'appendChild']);

export interface ContainerEffect {
  result: Value;
  /** The receiver's new value, when the call changed it. */
  receiver?: Value;
}

export function containerCall(call: CallSite, recv: Value | undefined, args: readonly Value[], _group: LangGroup): ContainerEffect | undefined {
  if (call.isNew) {
    const type = call.callee.slice(4).trim();
    if (LIST_TYPES.test(type)) return { result: args[0]?.items ? { items: [...args[0].items] } : args[0] ? { items: [], ...(deepTaint(args[0]) ? { taint: deepTaint(args[0])! } : {}) } : { items: [] } };
    if (MAP_TYPES.test(type)) return { result: { entries: new Map() } };
    if (BUILDERS.test(type)) return { result: { items: args.length && typeof args[0]?.konst !== 'number' ? [args[0]!] : [] } };
    return undefined;
  }
  if (!recv) return undefined;
  const name = _group === 'csharp' ? csharpName(call.name, recv, args.length) : call.name;
  const k = (i: number) => args[i]?.konst;
  if (recv.items) {
    const items = recv.items;
    switch (name) {
      case 'add': case 'push': case 'append': case 'addElement': case 'offer':
        if (args.length === 2 && typeof k(0) === 'number' && name === 'add') {
          const copy = [...items];
          copy.splice(k(0) as number, 0, args[1]!);
          return { result: UNKNOWN, receiver: { ...recv, items: copy } };
        }
        if (args.length !== 1 && name !== 'append') break;
        {
          const next = { ...recv, items: [...items, name === 'append' && args.length > 1 ? derive(args) : args[0]!] };
          return { result: name === 'append' ? next : UNKNOWN, receiver: next };
        }
      case 'remove': case 'pop': case 'shift': case 'poll':
        if (typeof k(0) === 'number' || args.length === 0) {
          const i = args.length === 0 ? (name === 'shift' || name === 'poll' ? 0 : items.length - 1) : (k(0) as number);
          const copy = [...items];
          const [gone] = copy.splice(i, 1);
          return { result: gone ?? UNKNOWN, receiver: { ...recv, items: copy } };
        }
        break;
      case 'get': case 'elementAt':
        if (typeof k(0) === 'number') return { result: items[k(0) as number] ?? derive([recv]) };
        break;
      case 'set':
        if (typeof k(0) === 'number' && args.length === 2) {
          const copy = [...items];
          copy[k(0) as number] = args[1]!;
          return { result: UNKNOWN, receiver: { ...recv, items: copy } };
        }
        break;
    }
  }
  if (recv.entries) {
    switch (name) {
      case 'put': case 'set': case 'setdefault':
        if (args.length === 2 && k(0) !== undefined) {
          const m = new Map(recv.entries);
          m.set(String(k(0)), args[1]!);
          return { result: UNKNOWN, receiver: { ...recv, entries: m } };
        }
        break;
      case 'get': case 'getOrDefault': case 'getProperty':
        if (k(0) !== undefined) {
          const v = recv.entries.get(String(k(0)));
          return { result: v ? (args[1] ? join(v, undefined) : v) : (args[1] ?? UNKNOWN) };
        }
        break;
    }
  }
  if (MUTATORS.has(name) && args.length > 0 && deepTaint(derive(args))) {
    const next = derive([recv, ...args]);
    return { result: name === 'append' || name === 'concat' ? next : derive([recv, ...args]), receiver: next };
  }
  return undefined;
}

export function elementOf(v: Value): Value {
  if (v.items && v.items.length > 0) return v.items.reduce<Value>((a, b) => join(a, b), v.items[0]!);
  if (v.entries && v.entries.size > 0) return [...v.entries.values()].reduce<Value>((a, b) => join(a, b), UNKNOWN);
  return derive([v]);
}

export function bindParams(env: Env, params: readonly string[], args: readonly Value[], step: Step | undefined): void {
  params.forEach((p, i) => {
    const a = args[i] ?? UNKNOWN;
    env.set(p, step && deepTaint(a) ? withStep(a, { ...step, what: 'param' }) : a);
  });
}

/** .NET collection methods as the Java names handled above: List.Add/Insert/RemoveAt, Dictionary.Add(k, v), StringBuilder.Append. */
function csharpName(name: string, recv: Value, argc: number): string {
  switch (name) {
    case 'Add': return recv.entries && argc === 2 ? 'put' : 'add';
    case 'Insert': return 'add';
    case 'RemoveAt': return 'remove';
    case 'Append': case 'AppendLine': return 'append';
    case 'Push': return 'push';
    case 'Enqueue': return 'add';
    case 'Dequeue': return 'poll';
    case 'Pop': return 'pop';
    default: return name;
  }
}
