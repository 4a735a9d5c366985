import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { type AbcRecordSpec, asm, asmCall, buildAbc, type CodeRefs } from '../../test-utils/abc-writer.ts';
import { corpusEntriesAvailable, corpusHapEntry, mutations, seededRandom } from '../../test-utils/corpus.ts';
import { ISA_TABLE, parseAbc } from '../index.ts';

/** `<import>.<name>(<args>)` on the regular import at index `imp`. */
const callImport = (r: CodeRefs, imp: number, name: string, args: (string | boolean | number)[]): number[] => asmCall(r, asm('ldexternalmodulevar', imp), [name], args);

const record = (methods: AbcRecordSpec['methods']): AbcRecordSpec => ({
  name: 'com.example.app/entry/ets/common/Crypto',
  methods,
  module: { requests: ['@ohos:security.cryptoFramework', '@ohos:hilog'], regularImports: [{ localName: 'cryptoFramework', importName: 'default', requestIdx: 0 }, { localName: 'hilog', importName: 'default', requestIdx: 1 }] },
});

describe('Ark bytecode method code', () => {
  it('the ISA table has one entry per opcode', () => {
    const keys = ISA_TABLE.map(([p, o]) => `${p}:${o}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ISA_TABLE.length).toBeGreaterThan(300);
  });

  it('names the API each method calls, with constant arguments (imports, members, globals, range calls)', () => {
    const bytes = buildAbc({
      records: [
        record([
          { name: 'encrypt', code: (r) => [...callImport(r, 0, 'createCipher', ['AES128|ECB|PKCS7']), ...asm('returnundefined')] },
          { name: 'log', code: (r) => [...callImport(r, 1, 'info', [0, 'tag', 'token=%{public}s', 'x']), ...asmCall(r, asm('tryldglobalbyname', 0, r.str('console')), ['log'], []), ...asm('returnundefined')] },
        ]),
      ],
    });
    const f = parseAbc(bytes);
    expect(f.code).toBe('decoded');
    expect(f.warnings).toEqual([]);
    const enc = f.methods.find((m) => m.method === 'encrypt')!;
    expect(enc.calls).toEqual([{ callee: 'cryptoFramework.createCipher', module: '@ohos:security.cryptoFramework', args: [{ kind: 'string', value: 'AES128|ECB|PKCS7' }], construct: false, offset: expect.any(Number) }]);
    expect(enc.loads).toEqual(['cryptoFramework.createCipher']);
    expect(enc.strings).toEqual(['AES128|ECB|PKCS7']);
    const log = f.methods.find((m) => m.method === 'log')!;
    expect(log.calls.map((c) => [c.callee, c.module, c.args.map((a) => (a && 'value' in a ? a.value : a))])).toEqual([
      ['hilog.info', '@ohos:hilog', [0, 'tag', 'token=%{public}s', 'x']],
      ['console.log', undefined, []],
    ]);
  });

  it('resolves top-level constants a method reads from the module scope (func_main_0 stores them)', () => {
    const bytes = buildAbc({
      records: [
        record([
          { name: 'func_main_0', code: (r) => [...asm('newlexenv', 2), ...asm('lda.str', r.str('DES|ECB|PKCS7')), ...asm('stlexvar', 0, 1), ...asm('lda.str', r.str('again')), ...asm('stlexvar', 0, 0), ...asm('stlexvar', 0, 0), ...asm('returnundefined')] },
          { name: 'seal', code: (r) => [...asm('ldexternalmodulevar', 0), ...asm('sta', 2), ...asm('ldobjbyname', 0, r.str('createCipher')), ...asm('sta', 1), ...asm('ldlexvar', 0, 1), ...asm('sta', 3), ...asm('ldlexvar', 0, 0), ...asm('sta', 4), ...asm('lda', 1), ...asm('callthis2', 0, 2, 3, 4), ...asm('returnundefined')] },
        ]),
      ],
    });
    const seal = parseAbc(bytes).methods.find((m) => m.method === 'seal')!;
    expect(seal.calls[0]?.args).toEqual([{ kind: 'string', value: 'DES|ECB|PKCS7' }, undefined]); // slot 0 stored twice: not a constant
  });

  it('obj[\'name\'] with a constant key reads like obj.name', () => {
    const bytes = buildAbc({ records: [record([{ name: 'm', code: (r) => [...asm('ldexternalmodulevar', 0), ...asm('sta', 2), ...asm('lda.str', r.str('createMd')), ...asm('ldobjbyvalue', 0, 2), ...asm('sta', 1), ...asm('lda.str', r.str('SHA1')), ...asm('sta', 3), ...asm('lda', 1), ...asm('callthis1', 0, 2, 3)] }])] });
    expect(parseAbc(bytes).methods[0]?.calls[0]).toMatchObject({ callee: 'cryptoFramework.createMd', args: [{ kind: 'string', value: 'SHA1' }] });
  });

  it('a string concatenation keeps its constant parts (template literals, + with a variable)', () => {
    const bytes = buildAbc({
      records: [
        record([
          {
            name: 'log',
            code: (r) => [
              ...asm('tryldglobalbyname', 0, r.str('console')), ...asm('sta', 2), ...asm('ldobjbyname', 0, r.str('info')), ...asm('sta', 1),
              ...asm('lda.str', r.str('password: ')), ...asm('sta', 5), ...asm('lda', 9), ...asm('add2', 0, 5), ...asm('sta', 3),
              ...asm('lda', 1), ...asm('callthis1', 0, 2, 3), ...asm('returnundefined'),
            ],
          },
        ]),
      ],
    });
    const log = parseAbc(bytes).methods.find((m) => m.method === 'log')!;
    expect(log.calls[0]).toMatchObject({ callee: 'console.info', args: [{ kind: 'string', value: 'password: ${…}', partial: true }] });
  });

  it('keeps what came before an undecodable instruction and reports the method', () => {
    const bytes = buildAbc({ records: [record([{ name: 'broken', code: (r) => [...callImport(r, 0, 'createMd', ['MD5']), 0xfd, 0xee, 0x00] }])] });
    const f = parseAbc(bytes);
    const m = f.methods.find((x) => x.method === 'broken')!;
    expect(m.calls.map((c) => c.callee)).toEqual(['cryptoFramework.createMd']);
    expect(m.problem).toMatch(/unknown opcode 0xfd 0xee/);
    expect(f.warnings.some((w) => w.includes('code of com.example.app/entry/ets/common/Crypto.broken'))).toBe(true);
    const cut = buildAbc({ records: [record([{ name: 'cut', code: (r) => [...asm('lda.str', r.str('x')), 0x42] }])] });
    expect(parseAbc(cut).methods.find((x) => x.method === 'cut')?.problem).toMatch(/runs past the end/);
  });

  it('decodes a Code item shared by many methods once (hostile files point every method at the same code)', () => {
    const shared = { name: 'm', code: (r: CodeRefs) => [...Array.from({ length: 200 }, (_, i) => asm('ldobjbyname', 0, r.str(`p${i}`))).flat(), ...callImport(r, 0, 'createMd', ['MD5'])] };
    const f = parseAbc(buildAbc({ records: Array.from({ length: 300 }, (_, i) => ({ ...record([shared]), name: `com.example.app/entry/ets/R${i}` })) }));
    const facts = f.methods.filter((m) => m.method === 'm');
    expect(facts).toHaveLength(300);
    expect(new Set(facts.map((m) => m.calls)).size).toBe(1);
    expect(facts[299]?.record).toBe('com.example.app/entry/ets/R299');
  });

  it('does not decode files of the ISA before 9.0.0.0', () => {
    const f = parseAbc(buildAbc({ version: [0, 0, 0, 2], records: [record([{ name: 'm', code: (r) => callImport(r, 0, 'createMd', ['MD5']) }])] }));
    expect(f.code).toBe('unsupported-version');
    expect(f.methods).toEqual([]);
  });

  it('survives 400 mutations from the first instruction on: parses or throws FormatError', () => {
    const base = buildAbc({ records: [record([{ name: 'encrypt', code: (r) => [...callImport(r, 0, 'createCipher', ['DES|ECB']), ...callImport(r, 1, 'info', [0, 'a', 'b', 'c']), ...asm('returnundefined')] }])] });
    const start = parseAbc(base).classes.flatMap((c) => c.methods).find((m) => m.name === 'encrypt')!.code!.instructionsOffset;
    let decoded = 0;
    for (const m of mutations(base, 400, 0xc0de, start)) {
      try {
        if (parseAbc(m).methods.length > 0) decoded++;
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
      }
    }
    expect(decoded).toBeGreaterThan(0);
  });
});

describe.skipIf(!corpusEntriesAvailable)('the corpus HAP code (ets/modules.abc)', () => {
  it('decodes every method and finds the hilog calls with their format strings', () => {
    const f = parseAbc(corpusHapEntry('ets/modules.abc'));
    expect(f.code).toBe('decoded');
    expect(f.methods.length).toBe(22);
    expect(f.methods.filter((m) => m.problem)).toEqual([]);
    const onCreate = f.methods.find((m) => m.method === 'onCreate')!;
    expect(onCreate.record).toBe('com.example.helloworld/entry/ets/entryability/EntryAbility');
    expect(onCreate.calls[0]).toMatchObject({ callee: 'hilog.info', module: '@ohos:hilog', args: [{ kind: 'number', value: 0 }, { kind: 'string', value: 'testTag' }, { kind: 'string', value: '%{public}s' }, { kind: 'string', value: 'Ability onCreate' }] });
    const ui = f.methods.flatMap((m) => m.calls.map((c) => c.callee));
    expect(ui).toEqual(expect.arrayContaining(['Text.create', 'Text.fontSize', 'Column.width', 'ObservedPropertySimplePU']));
  });

  it('survives 500 seeded mutations of the instruction bytes alone (structures intact): decodes, with problems listed, never throws', () => {
    const base = corpusHapEntry('ets/modules.abc');
    const ranges = parseAbc(base).classes.flatMap((c) => c.methods.flatMap((m) => (m.code ? [[m.code.instructionsOffset, m.code.codeSize] as const] : [])));
    const rnd = seededRandom(0x1b5);
    let problems = 0;
    for (let i = 0; i < 500; i++) {
      const m = base.slice();
      for (let k = 0; k < 1 + Math.floor(rnd() * 6); k++) {
        const [start, size] = ranges[Math.floor(rnd() * ranges.length)]!;
        m[start + Math.floor(rnd() * size)] = Math.floor(rnd() * 256);
      }
      const f = parseAbc(m);
      expect(f.code).toBe('decoded');
      problems += f.methods.filter((x) => x.problem).length;
    }
    expect(problems).toBeGreaterThan(0);
  });
});
