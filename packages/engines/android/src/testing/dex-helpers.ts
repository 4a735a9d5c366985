/** Shorthands for DEX test classes: one app class with one method whose body is given as code units. */
import { type ClassSpec, type DexRefs, ins } from '../formats/testing/dex-writer.ts';

export { ins };
export type Body = (r: DexRefs) => number[];

export function appClass(body: Body, opts: { name?: string; method?: string; interfaces?: string[]; params?: string[]; ret?: string } = {}): ClassSpec {
  return {
    name: opts.name ?? 'Lcom/example/app/Main;',
    superclass: 'Ljava/lang/Object;',
    ...(opts.interfaces ? { interfaces: opts.interfaces } : {}),
    methods: [{ name: opts.method ?? 'run', params: opts.params ?? [], ret: opts.ret ?? 'V', registers: 8, ins: 1, virtual: true, code: (r) => [...body(r), ...(opts.ret && opts.ret !== 'V' ? [] : ins.returnVoid())] }],
  };
}

/** invoke-static {regs} cls->name(params)ret */
export const callStatic = (r: DexRefs, cls: string, name: string, params: string[], ret: string, regs: number[]): number[] => ins.invoke(3, r.method(cls, name, params, ret), regs);
/** invoke-virtual {regs} (receiver first) */
export const callVirtual = (r: DexRefs, cls: string, name: string, params: string[], ret: string, regs: number[]): number[] => ins.invoke(0, r.method(cls, name, params, ret), regs);
/** invoke-direct {regs} cls-><init>(params)V */
export const construct = (r: DexRefs, cls: string, params: string[], regs: number[]): number[] => [...ins.newInstance(regs[0]!, r.type(cls)), ...ins.invoke(2, r.method(cls, '<init>', params, 'V'), regs)];
export const str = (r: DexRefs, reg: number, s: string): number[] => ins.constString(reg, r.str(s));
