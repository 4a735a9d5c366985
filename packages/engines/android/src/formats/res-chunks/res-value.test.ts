import { describe, expect, it } from 'vitest';
import { RES_TYPE, decodeResValue, valueAsBoolean, valueAsInt, valueAsReference, stringValue } from './res-value.ts';

const none = (): undefined => undefined;

describe('decodeResValue', () => {
  it('renders every typed value the way aapt prints it', () => {
    expect(decodeResValue(RES_TYPE.DIMENSION, (16 << 8) | 1, none).text).toBe('16.0dip');
    expect(decodeResValue(RES_TYPE.DIMENSION, (3 << 8) | 2, none).text).toBe('3.0sp');
    expect(decodeResValue(RES_TYPE.FRACTION, (1 << 8) | (3 << 4) | 0, none).text).toMatch(/%$/);
    const f = new DataView(new ArrayBuffer(4));
    f.setFloat32(0, 1.5, true);
    expect(decodeResValue(RES_TYPE.FLOAT, f.getUint32(0, true), none).text).toBe('1.5');
    expect(decodeResValue(RES_TYPE.INT_COLOR_ARGB8, 0xff00ff00, none).text).toBe('#ff00ff00');
    expect(decodeResValue(RES_TYPE.INT_DEC, 0xffffffff, none).text).toBe('-1');
    expect(decodeResValue(RES_TYPE.ATTRIBUTE, 0x01010036, none).text).toBe('?0x01010036');
    expect(decodeResValue(RES_TYPE.NULL, 1, none).text).toBe('@empty');
    expect(decodeResValue(0x33, 7, none).kind).toBe('unknown');
  });

  it('gives checks booleans, integers and references whatever the encoding', () => {
    expect(valueAsBoolean(decodeResValue(RES_TYPE.INT_BOOLEAN, 0xffffffff, none))).toBe(true);
    expect(valueAsBoolean(stringValue('false'))).toBe(false);
    expect(valueAsBoolean(stringValue('@bool/x'))).toBeUndefined();
    expect(valueAsInt(stringValue('15'))).toBe(15);
    expect(valueAsInt(decodeResValue(RES_TYPE.INT_HEX, 0x10, none))).toBe(16);
    expect(valueAsReference(decodeResValue(RES_TYPE.REFERENCE, 0x7f110000, none))).toBe(0x7f110000);
    expect(valueAsReference(decodeResValue(RES_TYPE.REFERENCE, 0, none))).toBeUndefined();
  });
});
