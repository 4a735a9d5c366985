/**
 * The one walk over the bytecode: every method of every DEX is decoded once
 * and handed to every visitor (API rules, TLS classes, keys and credentials),
 * and the first use of each distinct string is remembered for the secret
 * scan. Malformed methods are listed as unreadable; the walk goes on.
 */
import type { Attribution, Evidence } from '@citadel/contracts';
import { FormatError } from '@citadel/engine-core';
import { type CodeFacts, type DexClassDef, type MethodRef, walkMethods } from '../../formats/index.ts';
import { type CheckContext, javaName } from '../context.ts';
import { KeyVisitor } from './key-visitor.ts';
import { RuleVisitor } from './rule-visitor.ts';
import { DexView, type MethodSite } from './site.ts';
import { TlsVisitor } from './tls-visitor.ts';
import { type CodeVisitor, Reporter } from './visitor.ts';

/** A distinct string and where it was first seen, for the secret and endpoint scan. */
export interface StringOccurrence {
  value: string;
  where: Evidence;
  attribution: Attribution;
}

export interface CodeScanResult {
  /** Methods walked. */
  methods: number;
  strings: StringOccurrence[];
  /** Whether every DEX was walked to the end (protections absent can be concluded). */
  complete: boolean;
}

const MAX_PROBLEMS = 200;
const MAX_STRINGS = 1_000_000;
const MAX_STRING_LENGTH = 8192;

/** A walked method as visitors see it; its full reference (the proto's types) is decoded only when asked for. */
class WalkedMethod implements MethodSite {
  private ref: MethodRef | undefined;
  private dotted: string | undefined;
  private name: string | undefined;
  constructor(
    readonly view: DexView,
    readonly classDef: DexClassDef,
    readonly methodIndex: number,
    readonly facts: CodeFacts,
    readonly attribution: Attribution,
  ) {}

  get className(): string {
    return (this.dotted ??= javaName(this.classDef.name));
  }

  get method(): MethodRef {
    if (!this.ref) {
      try {
        this.ref = this.view.dex.method(this.methodIndex);
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        this.ref = { className: this.classDef.name, name: '?', parameters: [], returnType: '?' };
      }
    }
    return this.ref;
  }

  /** The method's name, without decoding its proto. */
  get methodName(): string {
    if (this.name === undefined) {
      const key = this.ref ? undefined : this.view.methodKey(this.methodIndex);
      this.name = this.ref ? this.ref.name : key!.slice(key!.indexOf('->') + 2) || '?';
    }
    return this.name;
  }
}

export function codeVisitors(ctx: CheckContext): { visitors: CodeVisitor[]; reporter: Reporter } {
  const reporter = new Reporter(ctx);
  const wants = (key: string): boolean => ctx.wants(key);
  const visitors: CodeVisitor[] = [new RuleVisitor(reporter, wants), new TlsVisitor(reporter, wants), new KeyVisitor(reporter, wants)];
  return { visitors: visitors.filter((v) => v.keys.length > 0), reporter };
}

export function scanCode(ctx: CheckContext, visitors: readonly CodeVisitor[], collectStrings: boolean): CodeScanResult {
  const result: CodeScanResult = { methods: 0, strings: [], complete: true };
  let problems = 0;
  for (const { file, dex } of ctx.model.dex) {
    const view = new DexView(file, dex);
    const firstUse = collectStrings ? new Map<number, StringOccurrence | null>() : undefined;
    try {
      dex.classes(); // walkMethods reads them outside its per-method guard
    } catch (e) {
      ctx.model.unreadable.push({ file, reason: `class definitions: ${(e as Error).message}` });
      result.complete = false;
      continue;
    }
    // App classes first, SDK classes second: evidence lists are capped, and the app's own places matter most.
    // Each method is still decoded once: the two passes select disjoint classes.
    const isMain = (name: string): boolean => ctx.attributionOf(name).kind === 'main';
    const passes = [true, false].map((main) =>
      walkMethods(dex, {
        classFilter: (def) => isMain(def.name) === main,
        onProblem: (p) => {
          result.complete = false;
          if (problems++ < MAX_PROBLEMS) ctx.model.unreadable.push({ file, reason: `${javaName(p.className)}: ${p.message}` });
        },
      }),
    );
    for (const w of passes) {
      for (const mc of w) {
        if (++result.methods % 4096 === 0) ctx.builder.throwIfAborted();
        const site = new WalkedMethod(view, mc.classDef, mc.methodIndex, mc.facts, ctx.attributionOf(mc.classDef.name));
        for (const v of visitors) v.method(site);
        if (firstUse && result.strings.length < MAX_STRINGS) {
          for (const s of mc.facts.strings) {
            if (firstUse.has(s.stringIndex)) continue;
            const value = view.string(s.stringIndex);
            if (value === undefined || value.length < 4 || value.length > MAX_STRING_LENGTH) {
              firstUse.set(s.stringIndex, null);
              continue;
            }
            // Class and method names are decoded only for the strings a check reports (most never are).
            const occ: StringOccurrence = {
              value,
              where: {
                file,
                get className() {
                  return site.className;
                },
                get method() {
                  return site.methodName;
                },
              },
              attribution: site.attribution,
            };
            firstUse.set(s.stringIndex, occ);
            result.strings.push(occ);
          }
        }
      }
    }
  }
  for (const v of visitors) v.finish?.();
  return result;
}
