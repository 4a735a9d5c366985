/**
 * Dalvik instruction formats, as data: for each of the 256 opcodes its format
 * id (from the Dalvik bytecode documentation), which gives its length in
 * 16-bit code units and where its operands sit. The walker needs nothing else
 * to step through any method without decompiling it.
 */

export type InsnFormat =
  | '10x' | '12x' | '11n' | '11x' | '10t'
  | '20t' | '22x' | '21t' | '21s' | '21h' | '21c' | '23x' | '22b' | '22t' | '22s' | '22c'
  | '30t' | '32x' | '31i' | '31t' | '31c' | '35c' | '3rc'
  | '45cc' | '4rcc' | '51l';

export const FORMAT_UNITS: Readonly<Record<InsnFormat, number>> = {
  '10x': 1, '12x': 1, '11n': 1, '11x': 1, '10t': 1,
  '20t': 2, '22x': 2, '21t': 2, '21s': 2, '21h': 2, '21c': 2, '23x': 2, '22b': 2, '22t': 2, '22s': 2, '22c': 2,
  '30t': 3, '32x': 3, '31i': 3, '31t': 3, '31c': 3, '35c': 3, '3rc': 3,
  '45cc': 4, '4rcc': 4, '51l': 5,
};

/** [first opcode, last opcode, format]; unused opcodes are 10x, as the format spec says. */
const RANGES: [number, number, InsnFormat][] = [
  [0x00, 0x00, '10x'], [0x01, 0x01, '12x'], [0x02, 0x02, '22x'], [0x03, 0x03, '32x'],
  [0x04, 0x04, '12x'], [0x05, 0x05, '22x'], [0x06, 0x06, '32x'],
  [0x07, 0x07, '12x'], [0x08, 0x08, '22x'], [0x09, 0x09, '32x'],
  [0x0a, 0x0d, '11x'], [0x0e, 0x0e, '10x'], [0x0f, 0x11, '11x'],
  [0x12, 0x12, '11n'], [0x13, 0x13, '21s'], [0x14, 0x14, '31i'], [0x15, 0x15, '21h'],
  [0x16, 0x16, '21s'], [0x17, 0x17, '31i'], [0x18, 0x18, '51l'], [0x19, 0x19, '21h'],
  [0x1a, 0x1a, '21c'], [0x1b, 0x1b, '31c'], [0x1c, 0x1c, '21c'],
  [0x1d, 0x1e, '11x'], [0x1f, 0x1f, '21c'], [0x20, 0x20, '22c'], [0x21, 0x21, '12x'],
  [0x22, 0x22, '21c'], [0x23, 0x23, '22c'], [0x24, 0x24, '35c'], [0x25, 0x25, '3rc'], [0x26, 0x26, '31t'],
  [0x27, 0x27, '11x'], [0x28, 0x28, '10t'], [0x29, 0x29, '20t'], [0x2a, 0x2a, '30t'],
  [0x2b, 0x2c, '31t'], [0x2d, 0x31, '23x'], [0x32, 0x37, '22t'], [0x38, 0x3d, '21t'],
  [0x3e, 0x43, '10x'], [0x44, 0x51, '23x'], [0x52, 0x5f, '22c'], [0x60, 0x6d, '21c'],
  [0x6e, 0x72, '35c'], [0x73, 0x73, '10x'], [0x74, 0x78, '3rc'], [0x79, 0x7a, '10x'],
  [0x7b, 0x8f, '12x'], [0x90, 0xaf, '23x'], [0xb0, 0xcf, '12x'], [0xd0, 0xd7, '22s'], [0xd8, 0xe2, '22b'],
  [0xe3, 0xf9, '10x'], [0xfa, 0xfa, '45cc'], [0xfb, 0xfb, '4rcc'], [0xfc, 0xfc, '35c'], [0xfd, 0xfd, '3rc'],
  [0xfe, 0xff, '21c'],
];

export const OPCODE_FORMATS: readonly InsnFormat[] = (() => {
  const t = new Array<InsnFormat>(256).fill('10x');
  for (const [a, b, f] of RANGES) for (let op = a; op <= b; op++) t[op] = f;
  return t;
})();

/** Length in code units of every opcode (payload pseudo-instructions are sized separately). */
export const OPCODE_UNITS: Uint8Array = Uint8Array.from(OPCODE_FORMATS, (f) => FORMAT_UNITS[f]);

/** Opcodes the walker treats specially. */
export const OP = {
  CONST_4: 0x12, CONST_16: 0x13, CONST: 0x14, CONST_HIGH16: 0x15,
  CONST_WIDE_16: 0x16, CONST_WIDE_32: 0x17, CONST_WIDE: 0x18, CONST_WIDE_HIGH16: 0x19,
  CONST_STRING: 0x1a, CONST_STRING_JUMBO: 0x1b, CONST_CLASS: 0x1c,
  CHECK_CAST: 0x1f, INSTANCE_OF: 0x20, NEW_INSTANCE: 0x22, NEW_ARRAY: 0x23,
  FILLED_NEW_ARRAY: 0x24, FILLED_NEW_ARRAY_RANGE: 0x25, FILL_ARRAY_DATA: 0x26, APUT_FIRST: 0x4b, APUT_LAST: 0x51,
  MOVE_RESULT: 0x0a, MOVE_RESULT_OBJECT: 0x0c, MOVE: 0x01, MOVE_FROM16: 0x02, MOVE_16: 0x03,
  MOVE_OBJECT: 0x07, MOVE_OBJECT_FROM16: 0x08, MOVE_OBJECT_16: 0x09,
  IGET_FIRST: 0x52, IPUT_FIRST: 0x59, IPUT_LAST: 0x5f, SGET_FIRST: 0x60, SPUT_FIRST: 0x67, SPUT_LAST: 0x6d,
  INVOKE_FIRST: 0x6e, INVOKE_LAST: 0x72, INVOKE_RANGE_FIRST: 0x74, INVOKE_RANGE_LAST: 0x78,
  INVOKE_POLYMORPHIC: 0xfa, INVOKE_POLYMORPHIC_RANGE: 0xfb, INVOKE_CUSTOM: 0xfc, INVOKE_CUSTOM_RANGE: 0xfd,
} as const;

export type InvokeKind = 'virtual' | 'super' | 'direct' | 'static' | 'interface' | 'polymorphic' | 'custom';
export const INVOKE_KINDS: readonly InvokeKind[] = ['virtual', 'super', 'direct', 'static', 'interface'];

/**
 * Opcodes whose first register (vA / vAA) receives a result; the walker forgets
 * what it knew about that register. Stores, branches, returns, throws,
 * monitors, switches and check-cast do not write vA.
 */
export const WRITES_FIRST_REGISTER: Uint8Array = (() => {
  const t = new Uint8Array(256);
  const set = (a: number, b: number): void => {
    for (let op = a; op <= b; op++) t[op] = 1;
  };
  set(0x01, 0x0d); // moves, move-result*, move-exception
  set(0x12, 0x1c); // const*
  set(0x20, 0x23); // instance-of, array-length, new-instance, new-array
  set(0x2d, 0x31); // cmp*
  set(0x44, 0x4a); // aget*
  set(0x52, 0x58); // iget*
  set(0x60, 0x66); // sget*
  set(0x7b, 0xe2); // unary, binary, binary/2addr, literal ops
  set(0xfe, 0xff); // const-method-handle, const-method-type
  return t;
})();
