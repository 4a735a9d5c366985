/**
 * Res_value: the typed value of an AXML attribute or an arsc entry, kept as
 * kind + raw 32-bit data + the text aapt would print, so checks can ask
 * "is it true", "which number", "which reference" without re-decoding.
 */

export type ValueKind =
  | 'null'
  | 'reference'
  | 'attribute'
  | 'string'
  | 'float'
  | 'dimension'
  | 'fraction'
  | 'dynamic-reference'
  | 'dynamic-attribute'
  | 'int-dec'
  | 'int-hex'
  | 'boolean'
  | 'color'
  | 'unknown';

export interface TypedValue {
  kind: ValueKind;
  /** The raw data word (unsigned); for references the resource id. */
  data: number;
  /** For kind 'string': the string itself. */
  string?: string;
  /** Display form, e.g. "true", "@0x7f0b0001", "16.0dip", "0x10". */
  text: string;
}

export const RES_TYPE = {
  NULL: 0x00,
  REFERENCE: 0x01,
  ATTRIBUTE: 0x02,
  STRING: 0x03,
  FLOAT: 0x04,
  DIMENSION: 0x05,
  FRACTION: 0x06,
  DYNAMIC_REFERENCE: 0x07,
  DYNAMIC_ATTRIBUTE: 0x08,
  INT_DEC: 0x10,
  INT_HEX: 0x11,
  INT_BOOLEAN: 0x12,
  INT_COLOR_ARGB8: 0x1c,
  INT_COLOR_RGB8: 0x1d,
  INT_COLOR_ARGB4: 0x1e,
  INT_COLOR_RGB4: 0x1f,
} as const;

const DIMENSION_UNITS = ['px', 'dip', 'sp', 'pt', 'in', 'mm'];
const FRACTION_UNITS = ['%', '%p'];
const RADIX_MULTIPLIERS = [2 ** -8, 2 ** -15, 2 ** -23, 2 ** -31];

export const hex32 = (n: number): string => `0x${(n >>> 0).toString(16).padStart(8, '0')}`;

/** The float value of a complex (dimension / fraction) data word. */
export function complexToFloat(data: number): number {
  return (data & 0xffffff00) * RADIX_MULTIPLIERS[(data >> 4) & 3]!;
}

function formatFloat(v: number): string {
  return Number.isInteger(v) ? v.toFixed(1) : String(Math.round(v * 1e6) / 1e6);
}

/** Decodes a Res_value from its type byte and data word; `strings` resolves TYPE_STRING. */
export function decodeResValue(dataType: number, data: number, strings: (i: number) => string | undefined): TypedValue {
  data >>>= 0;
  switch (dataType) {
    case RES_TYPE.NULL:
      return { kind: 'null', data, text: data === 1 ? '@empty' : '@null' };
    case RES_TYPE.REFERENCE:
      return { kind: 'reference', data, text: data === 0 ? '@null' : `@${hex32(data)}` };
    case RES_TYPE.DYNAMIC_REFERENCE:
      return { kind: 'dynamic-reference', data, text: `@${hex32(data)}` };
    case RES_TYPE.ATTRIBUTE:
      return { kind: 'attribute', data, text: `?${hex32(data)}` };
    case RES_TYPE.DYNAMIC_ATTRIBUTE:
      return { kind: 'dynamic-attribute', data, text: `?${hex32(data)}` };
    case RES_TYPE.STRING: {
      const s = strings(data);
      return s === undefined ? { kind: 'string', data, text: '' } : { kind: 'string', data, string: s, text: s };
    }
    case RES_TYPE.FLOAT: {
      const f = new DataView(new Uint32Array([data]).buffer).getFloat32(0, true);
      return { kind: 'float', data, text: formatFloat(f) };
    }
    case RES_TYPE.DIMENSION:
      return { kind: 'dimension', data, text: `${formatFloat(complexToFloat(data))}${DIMENSION_UNITS[data & 0xf] ?? ''}` };
    case RES_TYPE.FRACTION:
      return { kind: 'fraction', data, text: `${formatFloat(complexToFloat(data) * 100)}${FRACTION_UNITS[data & 0xf] ?? ''}` };
    case RES_TYPE.INT_DEC:
      return { kind: 'int-dec', data, text: String(data | 0) };
    case RES_TYPE.INT_HEX:
      return { kind: 'int-hex', data, text: `0x${data.toString(16)}` };
    case RES_TYPE.INT_BOOLEAN:
      return { kind: 'boolean', data, text: data !== 0 ? 'true' : 'false' };
    default:
      if (dataType >= RES_TYPE.INT_COLOR_ARGB8 && dataType <= RES_TYPE.INT_COLOR_RGB4) {
        return { kind: 'color', data, text: `#${data.toString(16).padStart(8, '0')}` };
      }
      return { kind: 'unknown', data, text: `(type 0x${dataType.toString(16)})${hex32(data)}` };
  }
}

/** A value given only as text (aapt2 protobuf raw values, unresolved strings). */
export function stringValue(s: string): TypedValue {
  return { kind: 'string', data: 0, string: s, text: s };
}

/**
 * The boolean a check should see: Android reads booleans by value, so a
 * string "true" also counts, and any non-zero integer is true.
 */
export function valueAsBoolean(v: TypedValue | undefined): boolean | undefined {
  if (!v) return undefined;
  switch (v.kind) {
    case 'boolean':
    case 'int-dec':
    case 'int-hex':
      return v.data !== 0;
    case 'string': {
      const s = v.string?.trim().toLowerCase();
      return s === 'true' ? true : s === 'false' ? false : undefined;
    }
    default:
      return undefined;
  }
}

/** A signed integer (int-dec, int-hex, boolean as 0/1, or a numeric string such as minSdkVersion="15"). */
export function valueAsInt(v: TypedValue | undefined): number | undefined {
  if (!v) return undefined;
  switch (v.kind) {
    case 'int-dec':
    case 'int-hex':
    case 'color':
      return v.data | 0;
    case 'boolean':
      return v.data !== 0 ? 1 : 0;
    case 'string': {
      const s = v.string?.trim() ?? '';
      return /^-?\d+$/.test(s) ? Number.parseInt(s, 10) : /^0x[0-9a-f]+$/i.test(s) ? Number.parseInt(s, 16) | 0 : undefined;
    }
    default:
      return undefined;
  }
}

/** The string form: the string for strings, the display text otherwise. */
export function valueAsString(v: TypedValue | undefined): string | undefined {
  if (!v) return undefined;
  return v.kind === 'string' ? (v.string ?? '') : v.text;
}

/** The resource id when the value is a reference (@0x7f…), else undefined. */
export function valueAsReference(v: TypedValue | undefined): number | undefined {
  return v && (v.kind === 'reference' || v.kind === 'dynamic-reference') && v.data !== 0 ? v.data : undefined;
}
