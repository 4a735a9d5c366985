/**
 * Conditions on an invoke's arguments, used by the API rules. Arguments are
 * what the bytecode walker knew at the call (constants, strings, static
 * fields, call results); receiver first for instance calls.
 */
import type { ArgValue, InvokeSite } from '../../formats/index.ts';
import type { DexView } from './site.ts';

export type ArgPredicate = (inv: InvokeSite, view: DexView) => boolean;

const arg = (inv: InvokeSite, i: number): ArgValue | undefined => inv.args[i];

/** The argument is one of these integer constants (booleans are 0/1). */
export const intArg =
  (i: number, ...values: number[]): ArgPredicate =>
  (inv) => {
    const a = arg(inv, i);
    return a?.kind === 'int' && values.includes(a.value);
  };

/** The argument is an int constant with any of these bits set. */
export const bitsArg =
  (i: number, mask: number): ArgPredicate =>
  (inv) => {
    const a = arg(inv, i);
    return a?.kind === 'int' && (a.value & mask) !== 0;
  };

/** The argument is a string constant matching `re`. */
export const stringArg =
  (i: number, re: RegExp): ArgPredicate =>
  (inv, view) => {
    const a = arg(inv, i);
    if (a?.kind !== 'string') return false;
    const s = view.string(a.stringIndex);
    return s !== undefined && re.test(s);
  };

/** The argument is the result of one of these methods ("Lcls;->name"). */
export const resultOf =
  (i: number, methods: readonly string[]): ArgPredicate =>
  (inv, view) => {
    const a = arg(inv, i);
    return a?.kind === 'result' && methods.includes(view.methodKey(a.methodIndex));
  };

/**
 * The argument is constant bytes: an array built in the method from
 * constants only (never handed to a call before), or bytes of a string
 * constant ("k3y".getBytes(), Base64.decode("…")).
 */
export const constantBytes =
  (i: number): ArgPredicate =>
  (inv, view) => {
    const a = arg(inv, i);
    if (a?.kind === 'array') return a.constant;
    return a?.kind === 'result' && a.from !== undefined && BYTES_OF_STRING.includes(view.methodKey(a.methodIndex));
  };

/** The argument is a static field ("Lcls;->name"). */
export const fieldArg =
  (i: number, fields: readonly string[]): ArgPredicate =>
  (inv, view) => {
    const a = arg(inv, i);
    return a?.kind === 'field' && fields.includes(view.fieldKey(a.fieldIndex));
  };

export const argCount =
  (n: number): ArgPredicate =>
  (inv) =>
    inv.args.length === n;

export const all =
  (...ps: ArgPredicate[]): ArgPredicate =>
  (inv, view) =>
    ps.every((p) => p(inv, view));

export const any =
  (...ps: ArgPredicate[]): ArgPredicate =>
  (inv, view) =>
    ps.some((p) => p(inv, view));

/** Results that are built strings: concatenation, formatting. */
export const BUILT_STRING = ['Ljava/lang/StringBuilder;->toString', 'Ljava/lang/StringBuffer;->toString', 'Ljava/lang/String;->concat', 'Ljava/lang/String;->format', 'Ljava/lang/String;->replace', 'Ljava/lang/String;->replaceAll'];
/** Results that are bytes of a literal: String.getBytes, Base64.decode, hex helpers. */
export const BYTES_OF_STRING = ['Ljava/lang/String;->getBytes', 'Landroid/util/Base64;->decode', 'Ljava/util/Base64$Decoder;->decode', 'Ljava/lang/String;->toCharArray'];
