/**
 * Static IVs and hard-coded keys by data flow inside a method: constant
 * arrays (new-array, fill-array-data, constant aput) and bytes of string
 * constants reaching IvParameterSpec / GCMParameterSpec / SecretKeySpec,
 * and arrays filled by a call first (SecureRandom.nextBytes) not reported.
 */
import { describe, expect, it } from 'vitest';
import { assess, result, row } from '../../testing/build-apk.ts';
import { type Body, appClass, callStatic, callVirtual, construct, ins, str } from '../../testing/dex-helpers.ts';

const S = 'Ljava/lang/String;';
const IV = 'Ljavax/crypto/spec/IvParameterSpec;';
const GCM = 'Ljavax/crypto/spec/GCMParameterSpec;';
const KEY = 'Ljavax/crypto/spec/SecretKeySpec;';
const RANDOM = 'Ljava/security/SecureRandom;';

/** v1 = new byte[16] */
const newBytes: Body = (r) => [...ins.const(0, 16), ...ins.newArray(1, 0, r.type('[B'))];
/** v1 = new byte[16] filled from a payload; `rest` runs next, then a goto jumps over the payload to the method's end. */
const filledBytes =
  (rest: Body): Body =>
  (r) => {
    const tail = rest(r);
    const payload = ins.fillArrayPayload([...'0123456789abcdef'].map((c) => c.charCodeAt(0)));
    const gotoEnd = [((payload.length + 1) << 8) | 0x28];
    return [...newBytes(r), ...ins.fillArrayData(1, 3 + tail.length + gotoEnd.length), ...tail, ...gotoEnd, ...payload];
  };
const ivSpec: Body = (r) => construct(r, IV, ['[B'], [2, 1]);

async function ivResult(body: Body): Promise<{ result: string; snippet?: string }> {
  const a = await assess({ classes: [appClass(body)] });
  const res = result(a, 'android.crypto.static_iv');
  return { result: res, ...(res === 'fail' ? { snippet: row(a, 'android.crypto.static_iv').evidence[0]!.snippet! } : {}) };
}

describe('static IV and hard-coded key by data flow', () => {
  it('a zero-filled new byte[16] or a fill-array-data constant reaching IvParameterSpec is a static IV', async () => {
    const zero = await ivResult((r) => [...newBytes(r), ...ivSpec(r)]);
    expect(zero).toEqual({ result: 'fail', snippet: 'Ljavax/crypto/spec/IvParameterSpec;-><init>([B)V with (javax.crypto.spec.IvParameterSpec, constant new byte[])' });
    expect((await ivResult(filledBytes(ivSpec))).result).toBe('fail');
    const gcm = await assess({ classes: [appClass((r) => [...newBytes(r), ...ins.const(3, 128), ...ins.newInstance(2, r.type(GCM)), ...ins.invoke(2, r.method(GCM, '<init>', ['I', '[B'], 'V'), [2, 3, 1])])] });
    expect(result(gcm, 'android.crypto.static_iv')).toBe('fail');
  });

  it('an IV filled by SecureRandom.nextBytes first, or with a non-constant byte stored, is not static', async () => {
    const random = (r: Parameters<Body>[0]) => [...construct(r, RANDOM, [], [4]), ...callVirtual(r, RANDOM, 'nextBytes', ['[B'], 'V', [4, 1])];
    expect((await ivResult((r) => [...newBytes(r), ...random(r), ...ivSpec(r)])).result).toBe('pass');
    // v5 holds an unknown value (the method's parameter): storing it makes the array non-constant.
    expect((await ivResult((r) => [...newBytes(r), ...ins.const4(6, 0), ...ins.aputByte(5, 1, 6), ...ivSpec(r)])).result).toBe('pass');
    // Storing constants keeps it constant.
    expect((await ivResult((r) => [...newBytes(r), ...ins.const4(6, 0), ...ins.const4(5, 7), ...ins.aputByte(5, 1, 6), ...ivSpec(r)])).result).toBe('fail');
    // An array copied to another register and filled through it is filled for both.
    expect((await ivResult((r) => [...newBytes(r), ...[(1 << 12) | (3 << 8) | 0x07], ...construct(r, RANDOM, [], [4]), ...callVirtual(r, RANDOM, 'nextBytes', ['[B'], 'V', [4, 3]), ...ivSpec(r)])).result).toBe('pass');
  });

  it('a key from the bytes of a string constant is hard-coded; from the bytes of a string parameter it is not', async () => {
    const keyOf = async (body: Body) => result(await assess({ classes: [appClass(body)] }), 'android.crypto.hardcoded_key');
    const spec = (r: Parameters<Body>[0]) => [...str(r, 3, 'AES'), ...construct(r, KEY, ['[B', S], [2, 1, 3])];
    expect(await keyOf((r) => [...str(r, 7, 'k3y-material-1234'), ...callVirtual(r, S, 'getBytes', [], '[B', [7]), ...ins.moveResultObject(1), ...spec(r)])).toBe('fail');
    expect(await keyOf((r) => [...str(r, 7, 'azNZLW1hdGVyaWFs'), ...ins.const4(6, 0), ...callStatic(r, 'Landroid/util/Base64;', 'decode', [S, 'I'], '[B', [7, 6]), ...ins.moveResultObject(1), ...spec(r)])).toBe('fail');
    // v7 is the method's parameter (a string typed by the user, say): not a constant.
    expect(await keyOf((r) => [...callVirtual(r, S, 'getBytes', [], '[B', [7]), ...ins.moveResultObject(1), ...spec(r)])).toBe('pass');
    expect(await keyOf((r) => [...filledBytes(spec)(r)])).toBe('fail');
  });
});
