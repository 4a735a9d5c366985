/**
 * One walked method as the code visitors see it, and per-DEX caches that
 * turn method, field and string indexes into the "Lcls;->name" keys rules
 * are written in, each decoded at most once per DEX.
 */
import type { Attribution, Evidence } from '@citadel/contracts';
import { FormatError } from '@citadel/engine-core';
import type { ArgValue, CodeFacts, DexClassDef, DexFile, InvokeSite, MethodRef } from '../../formats/index.ts';
import { javaName } from '../context.ts';

export class DexView {
  private readonly methodKeys: (string | undefined)[];
  private readonly fieldKeys: (string | undefined)[];
  private readonly memberships = new Map<ReadonlySet<string>, Uint8Array>();

  constructor(
    readonly file: string,
    readonly dex: DexFile,
  ) {
    this.methodKeys = new Array(dex.methodCount);
    this.fieldKeys = new Array(dex.fieldCount);
  }

  /** "Lcls;->name" of a method_ids entry ("" when unreadable). */
  methodKey(i: number): string {
    let k = this.methodKeys[i];
    if (k === undefined) {
      try {
        const m = this.dex.methodClassAndName(i);
        k = `${m.className}->${m.name}`;
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        k = '';
      }
      if (i >= 0 && i < this.methodKeys.length) this.methodKeys[i] = k;
    }
    return k;
  }

  /** Whether method_ids entry i is one of `methods` ("Lcls;->name"); remembered per set and index (1 yes, 2 no). */
  methodIn(methods: ReadonlySet<string>, i: number): boolean {
    let marks = this.memberships.get(methods);
    if (!marks) this.memberships.set(methods, (marks = new Uint8Array(this.methodKeys.length)));
    const known = marks[i];
    if (known) return known === 1;
    const yes = methods.has(this.methodKey(i));
    if (i >= 0 && i < marks.length) marks[i] = yes ? 1 : 2;
    return yes;
  }

  /** "Lcls;->name" of a field_ids entry ("" when unreadable). */
  fieldKey(i: number): string {
    let k = this.fieldKeys[i];
    if (k === undefined) {
      try {
        const f = this.dex.field(i);
        k = `${f.className}->${f.name}`;
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        k = '';
      }
      if (i >= 0 && i < this.fieldKeys.length) this.fieldKeys[i] = k;
    }
    return k;
  }

  string(i: number): string | undefined {
    try {
      return this.dex.string(i);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      return undefined;
    }
  }

  /** Full smali-style signature of a method, for evidence. */
  signature(i: number): string {
    try {
      const m = this.dex.method(i);
      return `${m.className}->${m.name}(${m.parameters.join('')})${m.returnType}`;
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      return this.methodKey(i);
    }
  }
}

export interface MethodSite {
  view: DexView;
  classDef: DexClassDef;
  /** Dotted class name, e.g. com.example.Main$1. */
  className: string;
  /** The full reference, proto included (decoded on demand: prefer methodName when the name is enough). */
  method: MethodRef;
  methodName: string;
  methodIndex: number;
  facts: CodeFacts;
  attribution: Attribution;
}

/** Evidence for something seen in a method; `call` is the API involved. */
export function methodEvidence(m: MethodSite, call?: string, detail?: string): Evidence {
  return {
    file: m.view.file,
    className: m.className,
    method: m.method.name,
    ...(call ? { snippet: call } : {}),
    detail: detail ? `${m.method.name}(${m.method.parameters.join('')})${m.method.returnType}: ${detail}` : `${m.method.name}(${m.method.parameters.join('')})${m.method.returnType}`,
  };
}

/** Readable form of an argument for evidence details. */
export function describeArg(view: DexView, a: ArgValue | undefined): string {
  if (!a) return '?';
  switch (a.kind) {
    case 'int':
      return String(a.value);
    case 'wide':
      return `${a.value}L`;
    case 'string': {
      const s = view.string(a.stringIndex) ?? '';
      return JSON.stringify(s.length > 120 ? `${s.slice(0, 117)}...` : s);
    }
    case 'field':
      return view.fieldKey(a.fieldIndex);
    case 'result':
      return a.from ? `result of ${view.methodKey(a.methodIndex)} on ${describeArg(view, a.from)}` : `result of ${view.methodKey(a.methodIndex)}`;
    case 'array':
      return `${a.constant ? 'constant ' : ''}new ${typeText(safeType(view, a.typeIndex))}`;
    case 'new-instance':
    case 'type':
      return javaName(safeType(view, a.typeIndex));
  }
}

const PRIMITIVES: Readonly<Record<string, string>> = { Z: 'boolean', B: 'byte', C: 'char', S: 'short', I: 'int', J: 'long', F: 'float', D: 'double', V: 'void' };

/** A type descriptor as Java writes it: "[B" → "byte[]", "Ljava/lang/String;" → "java.lang.String". */
function typeText(descriptor: string): string {
  let dims = 0;
  while (descriptor[dims] === '[') dims++;
  const element = descriptor.slice(dims);
  return `${PRIMITIVES[element] ?? javaName(element)}${'[]'.repeat(dims)}`;
}

function safeType(view: DexView, i: number): string {
  try {
    return view.dex.typeName(i);
  } catch {
    return '?';
  }
}

export function callText(view: DexView, inv: InvokeSite): string {
  return `${view.signature(inv.methodIndex)} with (${inv.args.map((a) => describeArg(view, a)).join(', ')})`.slice(0, 400);
}
