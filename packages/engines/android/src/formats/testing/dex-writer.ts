/**
 * A tiny DEX writer for tests: classes with methods whose bytecode is given
 * as 16-bit code units, ids interned on demand, checksum and SHA-1 filled in.
 * Enough for the reader and walker; tables are not sorted as dx/d8 would.
 */
import { createHash } from 'node:crypto';
import { adler32 } from '../dex/header.ts';
import { ByteWriter } from '@citadel/engine-core/testing';

export interface DexRefs {
  str(s: string): number;
  type(descriptor: string): number;
  method(className: string, name: string, params: string[], ret: string): number;
  field(className: string, name: string, type: string): number;
}

export interface MethodSpec {
  name: string;
  params: string[];
  ret: string;
  accessFlags?: number;
  registers: number;
  ins?: number;
  outs?: number;
  /** Code units; omit for abstract/native methods. */
  code?: (refs: DexRefs) => number[];
  virtual?: boolean;
}

export interface ClassSpec {
  name: string;
  superclass?: string;
  interfaces?: string[];
  sourceFile?: string;
  accessFlags?: number;
  methods: MethodSpec[];
}

/** Instruction encoders (code units) for the opcodes tests use. */
export const ins = {
  constString: (reg: number, idx: number): number[] => [(reg << 8) | 0x1a, idx],
  const4: (reg: number, v: number): number[] => [((v & 0xf) << 12) | (reg << 8) | 0x12],
  const: (reg: number, v: number): number[] => [(reg << 8) | 0x14, v & 0xffff, (v >>> 16) & 0xffff],
  constWide: (reg: number, v: bigint): number[] => [(reg << 8) | 0x18, ...[0, 1, 2, 3].map((i) => Number((v >> BigInt(16 * i)) & 0xffffn))],
  sgetObject: (reg: number, field: number): number[] => [(reg << 8) | 0x62, field],
  igetObject: (dst: number, obj: number, field: number): number[] => [(obj << 12) | (dst << 8) | 0x54, field],
  newInstance: (reg: number, type: number): number[] => [(reg << 8) | 0x22, type],
  moveResultObject: (reg: number): number[] => [(reg << 8) | 0x0c],
  /** invoke-kind {regs}, method: kind 0 virtual, 1 super, 2 direct, 3 static, 4 interface. */
  invoke: (kind: number, method: number, regs: number[]): number[] => {
    const r = [...regs, 0, 0, 0, 0, 0];
    return [(regs.length << 12) | (r[4]! << 8) | (0x6e + kind), method, (r[3]! << 12) | (r[2]! << 8) | (r[1]! << 4) | r[0]!];
  },
  invokeRange: (kind: number, method: number, first: number, count: number): number[] => [(count << 8) | (0x74 + kind), method, first],
  packedSwitch: (reg: number, payloadRel: number): number[] => [(reg << 8) | 0x2b, payloadRel & 0xffff, (payloadRel >>> 16) & 0xffff],
  packedSwitchPayload: (firstKey: number, targets: number[]): number[] => [0x0100, targets.length, firstKey & 0xffff, (firstKey >>> 16) & 0xffff, ...targets.flatMap((t) => [t & 0xffff, (t >>> 16) & 0xffff])],
  /** new-array vDst, vSize, type (format 22c) */
  newArray: (dst: number, size: number, type: number): number[] => [(size << 12) | (dst << 8) | 0x23, type],
  /** fill-array-data vReg, +rel (code units from this instruction to the payload) */
  fillArrayData: (reg: number, rel: number): number[] => [(reg << 8) | 0x26, rel & 0xffff, (rel >>> 16) & 0xffff],
  /** fill-array-data-payload of bytes (element width 1) */
  fillArrayPayload: (bytes: number[]): number[] => {
    const units = [0x0300, 1, bytes.length & 0xffff, bytes.length >>> 16];
    for (let i = 0; i < bytes.length; i += 2) units.push((bytes[i]! & 0xff) | ((bytes[i + 1] ?? 0) << 8));
    return units;
  },
  /** aput-byte vValue, vArray, vIndex (format 23x) */
  aputByte: (value: number, array: number, index: number): number[] => [(value << 8) | 0x4f, (index << 8) | array],
  returnVoid: (): number[] => [0x000e],
  nop: (): number[] => [0x0000],
};

export function writeDex(classes: ClassSpec[], version = '035'): Uint8Array {
  const strings: string[] = [];
  const stringIdx = new Map<string, number>();
  const types: number[] = [];
  const typeIdx = new Map<string, number>();
  const protos: { shorty: number; ret: number; params: number[] }[] = [];
  const protoIdx = new Map<string, number>();
  const fields: { cls: number; type: number; name: number }[] = [];
  const fieldIdx = new Map<string, number>();
  const methods: { cls: number; proto: number; name: number }[] = [];
  const methodIdx = new Map<string, number>();
  const intern = <T>(map: Map<string, number>, list: T[], key: string, make: () => T): number => {
    let i = map.get(key);
    if (i === undefined) {
      const item = make();
      i = list.length;
      list.push(item);
      map.set(key, i);
    }
    return i;
  };
  const refs: DexRefs = {
    str: (s) => intern(stringIdx, strings, s, () => s),
    type: (d) => intern(typeIdx, types, d, () => refs.str(d)),
    method: (c, n, params, ret) =>
      intern(methodIdx, methods, `${c}->${n}(${params.join('')})${ret}`, () => ({ cls: refs.type(c), proto: proto(params, ret), name: refs.str(n) })),
    field: (c, n, t) => intern(fieldIdx, fields, `${c}->${n}:${t}`, () => ({ cls: refs.type(c), type: refs.type(t), name: refs.str(n) })),
  };
  const shortyOf = (d: string): string => (d.startsWith('L') || d.startsWith('[') ? 'L' : d);
  const proto = (params: string[], ret: string): number =>
    intern(protoIdx, protos, `(${params.join('')})${ret}`, () => ({ shorty: refs.str(shortyOf(ret) + params.map(shortyOf).join('')), ret: refs.type(ret), params: params.map((p) => refs.type(p)) }));

  // Resolve everything first, so table sizes are known before layout.
  const classInfo = classes.map((c) => ({
    spec: c,
    cls: refs.type(c.name),
    sup: c.superclass ? refs.type(c.superclass) : 0xffffffff,
    ifaces: (c.interfaces ?? []).map((i) => refs.type(i)),
    src: c.sourceFile ? refs.str(c.sourceFile) : 0xffffffff,
    methods: c.methods.map((m) => ({ spec: m, idx: refs.method(c.name, m.name, m.params, m.ret), code: m.code?.(refs) })),
  }));

  const idsStart = 0x70;
  const stringIdsOff = idsStart;
  const typeIdsOff = stringIdsOff + strings.length * 4;
  const protoIdsOff = typeIdsOff + types.length * 4;
  const fieldIdsOff = protoIdsOff + protos.length * 12;
  const methodIdsOff = fieldIdsOff + fields.length * 8;
  const classDefsOff = methodIdsOff + methods.length * 8;
  const dataOff = classDefsOff + classes.length * 32;

  const data = new ByteWriter();
  const at = (): number => dataOff + data.length;
  const stringDataOffs = strings.map((s) => {
    const o = at();
    const b = Buffer.from(s, 'utf8'); // tests use ASCII/BMP text; MUTF-8 equals UTF-8 there except NUL
    data.uleb(s.length).bytes(b).u8(0);
    return o;
  });
  const typeList = (list: number[]): number => {
    if (list.length === 0) return 0;
    data.align(4);
    const o = at();
    data.u32(list.length);
    for (const t of list) data.u16(t);
    return o;
  };
  const protoParamOffs = protos.map((p) => typeList(p.params));
  const ifaceOffs = classInfo.map((c) => typeList(c.ifaces));
  const codeOffs = classInfo.map((c) =>
    c.methods.map((m) => {
      if (!m.code) return 0;
      data.align(4);
      const o = at();
      data.u16(m.spec.registers).u16(m.spec.ins ?? m.spec.params.length + 1).u16(m.spec.outs ?? 5).u16(0).u32(0).u32(m.code.length);
      for (const u of m.code) data.u16(u);
      return o;
    }),
  );
  const classDataOffs = classInfo.map((c, ci) => {
    const o = at();
    const enc = c.methods.map((m, mi) => ({ ...m, codeOff: codeOffs[ci]![mi]! }));
    const direct = enc.filter((m) => !m.spec.virtual).sort((a, b) => a.idx - b.idx);
    const virt = enc.filter((m) => m.spec.virtual).sort((a, b) => a.idx - b.idx);
    data.uleb(0).uleb(0).uleb(direct.length).uleb(virt.length);
    for (const list of [direct, virt]) {
      let prev = 0;
      for (const m of list) {
        data.uleb(m.idx - prev).uleb(m.spec.accessFlags ?? 0x1).uleb(m.codeOff);
        prev = m.idx;
      }
    }
    return o;
  });
  data.align(4);

  const w = new ByteWriter();
  w.bytes(Buffer.from(`dex\n${version}\0`, 'latin1'));
  w.u32(0).bytes(new Uint8Array(20)); // checksum, signature: filled below
  const fileSize = dataOff + data.length;
  w.u32(fileSize).u32(0x70).u32(0x12345678).u32(0).u32(0).u32(0);
  w.u32(strings.length).u32(strings.length ? stringIdsOff : 0);
  w.u32(types.length).u32(types.length ? typeIdsOff : 0);
  w.u32(protos.length).u32(protos.length ? protoIdsOff : 0);
  w.u32(fields.length).u32(fields.length ? fieldIdsOff : 0);
  w.u32(methods.length).u32(methods.length ? methodIdsOff : 0);
  w.u32(classes.length).u32(classes.length ? classDefsOff : 0);
  w.u32(data.length).u32(dataOff);
  for (const o of stringDataOffs) w.u32(o);
  for (const t of types) w.u32(t);
  protos.forEach((p, i) => w.u32(p.shorty).u32(p.ret).u32(protoParamOffs[i]!));
  for (const f of fields) w.u16(f.cls).u16(f.type).u32(f.name);
  for (const m of methods) w.u16(m.cls).u16(m.proto).u32(m.name);
  classInfo.forEach((c, i) => {
    w.u32(c.cls).u32(c.spec.accessFlags ?? 0x1).u32(c.sup).u32(ifaceOffs[i]!).u32(c.src).u32(0).u32(classDataOffs[i]!).u32(0);
  });
  const out = Uint8Array.from([...w.toBytes(), ...data.toBytes()]);
  out.set(createHash('sha1').update(out.subarray(32)).digest(), 12);
  new DataView(out.buffer).setUint32(8, adler32(out, 12, out.length), true);
  return out;
}
