import { describe, expect, it } from 'vitest';
import { FormatError } from '@citadel/engine-core';
import { parseDex, parseDexContainer } from './parse-dex.ts';
import { walkMethods, type MethodCode } from './methods.ts';
import { methodSignature } from './dex-file.ts';
import { decodeMutf8 } from './mutf8.ts';
import { OPCODE_UNITS } from './opcodes.ts';
import { ins, writeDex, type ClassSpec } from '../testing/dex-writer.ts';
import { corpusApk, corpusAvailable, extractEntry } from '../testing/corpus.ts';

const WEBVIEW = 'Landroid/webkit/WebView;';
const leaky: ClassSpec = {
  name: 'Lcom/example/Leaky;',
  superclass: 'Ljava/lang/Object;',
  interfaces: ['Ljava/lang/Runnable;'],
  sourceFile: 'Leaky.java',
  methods: [
    {
      name: 'expose',
      params: [WEBVIEW],
      ret: 'V',
      registers: 5,
      ins: 2,
      code: (r) => {
        const addJs = r.method(WEBVIEW, 'addJavascriptInterface', ['Ljava/lang/Object;', 'Ljava/lang/String;'], 'V');
        const open = r.method('Landroid/content/Context;', 'openFileOutput', ['Ljava/lang/String;', 'I'], 'Ljava/io/FileOutputStream;');
        const body = [
          ...ins.constString(0, r.str('password')),
          ...ins.sgetObject(1, r.field('Lcom/example/Leaky;', 'KEY', 'Ljava/lang/String;')),
          ...ins.invoke(0, addJs, [4, 1, 0]),
          ...ins.const4(2, 1), // MODE_WORLD_READABLE
          ...ins.invoke(0, open, [3, 0, 2]),
          ...ins.moveResultObject(1),
          ...ins.constWide(2, 0x1122334455667788n), // writes v2 and v3, leaves v1 alone
          ...ins.invokeRange(3, r.method('Lcom/example/Leaky;', 'sink', ['Ljava/lang/Object;'], 'V'), 1, 1),
        ];
        // A packed switch whose payload follows return-void: the walker must size the payload.
        const switchAt = body.length;
        const code = [...body, ...ins.packedSwitch(2, 0), ...ins.returnVoid(), ...ins.nop()];
        const payloadAt = code.length;
        code.splice(switchAt, 3, ...ins.packedSwitch(2, payloadAt - switchAt));
        return [...code, ...ins.packedSwitchPayload(0, [3, 4])];
      },
    },
    { name: 'sink', params: ['Ljava/lang/Object;'], ret: 'V', registers: 1, ins: 1, accessFlags: 0x9, code: () => ins.returnVoid() },
    { name: 'run', params: [], ret: 'V', registers: 1, virtual: true, code: () => ins.returnVoid() },
    { name: 'nativeThing', params: [], ret: 'V', registers: 0, accessFlags: 0x101, virtual: true },
  ],
};

function only<T>(xs: T[]): T {
  expect(xs).toHaveLength(1);
  return xs[0]!;
}

describe('parseDex', () => {
  const bytes = writeDex([leaky]);

  it('reads header, verifies checksum and signature, and exposes the tables', () => {
    const dex = parseDex(bytes);
    expect(dex.header.version).toBe('035');
    expect(dex.header.checksumValid).toBe(true);
    expect(dex.header.signatureValid).toBe(true);
    const cls = only(dex.classes());
    expect(cls).toMatchObject({ name: 'Lcom/example/Leaky;', superclass: 'Ljava/lang/Object;', interfaces: ['Ljava/lang/Runnable;'], sourceFile: 'Leaky.java' });
    const data = dex.classData(cls)!;
    expect(data.directMethods.map((m) => dex.method(m.index).name).sort()).toEqual(['expose', 'sink']);
    expect(data.virtualMethods.map((m) => dex.method(m.index).name).sort()).toEqual(['nativeThing', 'run']);
  });

  it('walks bytecode: invokes with argument values, strings, fields, literals', () => {
    const dex = parseDex(bytes);
    const methods = [...walkMethods(dex)];
    expect(methods).toHaveLength(3); // the native method has no code
    const expose = methods.find((m) => dex.method(m.methodIndex).name === 'expose') as MethodCode;
    const calls = expose.facts.invokes.map((i) => methodSignature(dex.method(i.methodIndex)));
    expect(calls).toEqual([
      'Landroid/webkit/WebView;->addJavascriptInterface(Ljava/lang/Object;Ljava/lang/String;)V',
      'Landroid/content/Context;->openFileOutput(Ljava/lang/String;I)Ljava/io/FileOutputStream;',
      'Lcom/example/Leaky;->sink(Ljava/lang/Object;)V',
    ]);
    const [addJs, open, sink] = expose.facts.invokes;
    expect(addJs!.kind).toBe('virtual');
    expect(addJs!.args[0]).toBeUndefined(); // the WebView parameter: unknown
    expect(addJs!.args[1]).toEqual({ kind: 'field', fieldIndex: expect.any(Number) });
    expect(addJs!.args[2]).toMatchObject({ kind: 'string' });
    expect(open!.args[2]).toEqual({ kind: 'int', value: 1 });
    expect(sink!.kind).toBe('static');
    // The call's string-constant argument comes with its result (the file name here).
    expect(sink!.args).toEqual([{ kind: 'result', methodIndex: open!.methodIndex, from: open!.args[1] }]);
    expect(expose.facts.strings.map((s) => dex.string(s.stringIndex))).toEqual(['password']);
    expect(expose.facts.fields.map((f) => ({ ...dex.field(f.fieldIndex), access: f.access, isStatic: f.isStatic }))).toEqual([
      { className: 'Lcom/example/Leaky;', name: 'KEY', type: 'Ljava/lang/String;', access: 'read', isStatic: true },
    ]);
    expect(expose.facts.literals).toContain(1);
  });

  it('reports tampering through checksum and signature', () => {
    const edited = Uint8Array.from(bytes);
    edited[edited.length - 8]! ^= 0xff;
    const dex = parseDex(edited);
    expect(dex.header.checksumValid).toBe(false);
    expect(dex.header.signatureValid).toBe(false);
  });

  it('refuses bad magic, truncation and absurd tables with FormatError', () => {
    expect(() => parseDex(new Uint8Array(0x70))).toThrow(FormatError);
    expect(() => parseDex(bytes.subarray(0, bytes.length - 10))).toThrow(/file size/);
    const huge = Uint8Array.from(bytes);
    new DataView(huge.buffer).setUint32(56, 0x00ffffff, true); // string_ids_size
    expect(() => parseDex(huge)).toThrow(FormatError);
  });

  it('reports a method whose last instruction runs past insns_size and goes on with the others', () => {
    const dex = parseDex(
      writeDex([{ name: 'LBad;', superclass: 'Ljava/lang/Object;', methods: [{ name: 'a', params: [], ret: 'V', registers: 1, code: () => [0x001a] }, { name: 'b', params: [], ret: 'V', registers: 1, code: () => ins.returnVoid() }] }]),
    );
    const problems: string[] = [];
    const walked = [...walkMethods(dex, { onProblem: (p) => problems.push(p.message) })];
    expect(walked).toHaveLength(1);
    expect(only(problems)).toMatch(/runs past the end/);
  });

  it('knows the length of every opcode', () => {
    expect(OPCODE_UNITS[0x18]).toBe(5); // const-wide
    expect(OPCODE_UNITS[0xfa]).toBe(4); // invoke-polymorphic
    expect(OPCODE_UNITS[0x6e]).toBe(3); // invoke-virtual
    expect(OPCODE_UNITS[0x0e]).toBe(1); // return-void
    expect([...OPCODE_UNITS].every((n) => n >= 1 && n <= 5)).toBe(true);
  });

  it('decodes MUTF-8 (encoded NUL and surrogate pairs)', () => {
    const bytes = Uint8Array.from([0x61, 0xc0, 0x80, 0x62, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, 0x00]);
    expect(decodeMutf8(bytes, 0, bytes.length, 100)).toBe('a\u0000b\u{1f600}');
  });

  it('splits single files (non-container versions)', () => {
    expect(parseDexContainer(bytes)).toHaveLength(1);
    expect(parseDexContainer(writeDex([leaky], '039'))[0]!.header.version).toBe('039');
  });
});

async function walkCorpus(apk: string): Promise<{ classes: string[]; calls: Set<string>; dexes: ReturnType<typeof parseDex>[] }> {
  const dex = parseDex(await extractEntry(corpusApk(apk), 'classes.dex'));
  const calls = new Set<string>();
  for (const m of walkMethods(dex)) for (const i of m.facts.invokes) calls.add(`${m.classDef.name} ${methodSignature(dex.method(i.methodIndex))}`);
  return { classes: dex.classes().map((c) => c.name), calls, dexes: [dex] };
}

describe('DEX of the real corpus', () => {
  it.skipIf(!corpusAvailable('diva.apk'))('DIVA: app classes, logging and raw SQL calls', async () => {
    const { classes, calls, dexes } = await walkCorpus('diva.apk');
    expect(dexes[0]!.header.checksumValid).toBe(true);
    expect(dexes[0]!.header.signatureValid).toBe(true);
    expect(classes).toContain('Ljakhar/aseem/diva/MainActivity;');
    expect(classes).toContain('Ljakhar/aseem/diva/NotesProvider;');
    const mine = [...calls].filter((c) => c.startsWith('Ljakhar/aseem/diva/'));
    expect(mine.some((c) => c.includes('Landroid/util/Log;->d('))).toBe(true);
    expect(mine.some((c) => c.startsWith('Ljakhar/aseem/diva/InsecureDataStorage2Activity;') && c.includes('SQLiteDatabase;->execSQL('))).toBe(true);
    expect(mine.some((c) => c.startsWith('Ljakhar/aseem/diva/SQLInjectionActivity;') && c.includes('SQLiteDatabase;->rawQuery('))).toBe(true);
  });

  it.skipIf(!corpusAvailable('uncrackable-level1.apk'))('UnCrackable Level 1: Cipher use, and a SHA-1 signature that no longer matches', async () => {
    const { calls, dexes } = await walkCorpus('uncrackable-level1.apk');
    expect([...calls].some((c) => c.includes('Ljavax/crypto/Cipher;->getInstance('))).toBe(true);
    expect(dexes[0]!.header.checksumValid).toBe(true);
    // The published crackme was edited after d8 wrote it: only the Adler-32 checksum was refreshed.
    expect(dexes[0]!.header.signatureValid).toBe(false);
  });
});
