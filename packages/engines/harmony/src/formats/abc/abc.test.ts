import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { buildAbc } from '../test-utils/abc-writer.ts';
import { corpusEntriesAvailable, corpusHapEntry, mutations } from '../test-utils/corpus.ts';
import { adler32, parseAbc } from './index.ts';

const cryptoRecord = {
  name: 'com.example.app/entry/ets/common/Crypto',
  methods: ['func_main_0', 'encrypt'],
  sourceFile: 'entry/src/main/ets/common/Crypto.ets',
  sourceCode: "const key = 'k3y-Ünïcode-秘密';",
  module: {
    requests: ['@ohos:security.cryptoFramework', '@ohos:net.http', '@normalized:N&&&@ohos/axios/index&2.2.0'],
    regularImports: [
      { localName: 'cryptoFramework', importName: 'default', requestIdx: 0 },
      { localName: 'http', importName: 'default', requestIdx: 1 },
      { localName: 'axios', importName: 'default', requestIdx: 2 },
    ],
    localExports: [{ localName: 'encrypt', exportName: 'encrypt' }],
  },
  literalStrings: ['AES128|ECB|PKCS7', 'https://api.example.com/v1', 'MD5'],
};

describe('parseAbc on a hand-built file', () => {
  const bytes = buildAbc({ records: [cryptoRecord], regionStrings: ['SHA1', 'http://10.0.0.8/upload'] });

  it('reads the header and verifies the checksum', () => {
    const f = parseAbc(bytes);
    expect(f.header.version).toBe('9.0.0.0');
    expect(f.header.fileSize).toBe(bytes.length);
    expect(f.header.checksumValid).toBe(true);
    const tampered = bytes.slice();
    tampered[tampered.length - 1]! ^= 0xff;
    expect(parseAbc(tampered).header.checksumValid).toBe(false);
  });

  it('reads classes, fields and methods', () => {
    const f = parseAbc(bytes);
    const rec = f.classes.find((c) => !c.foreign)!;
    expect(rec.name).toBe(cryptoRecord.name);
    expect(rec.sourceFile).toBe(cryptoRecord.sourceFile);
    expect(rec.fields.map((x) => x.name)).toEqual(['pkgName@entry', 'isCommonjs', 'moduleRecordIdx']);
    expect(rec.methods.map((m) => m.name)).toEqual(['func_main_0', 'encrypt']);
    expect(rec.methods[0]!.code?.codeSize).toBe(2);
    expect(rec.methods[0]!.functionKind).toBe(1);
    expect(f.classes.find((c) => c.foreign)?.descriptor).toBe('L_ESTypeAnnotation;');
  });

  it('reads module records: kits and ohpm packages', () => {
    const [rec] = parseAbc(bytes).moduleRecords;
    expect(rec?.requests).toEqual(cryptoRecord.module.requests);
    expect(rec?.regularImports[0]).toEqual({ localName: 'cryptoFramework', importName: 'default', request: '@ohos:security.cryptoFramework' });
    expect(rec?.localExports).toEqual([{ localName: 'encrypt', exportName: 'encrypt' }]);
  });

  it('reads literal arrays and collects every reachable string', () => {
    const f = parseAbc(bytes);
    const arr = f.literalArrays.find((a) => a.literals.some((l) => l.value === 'AES128|ECB|PKCS7'));
    expect(arr?.literals.map((l) => l.tagName)).toEqual(['STRING', 'STRING', 'STRING', 'INTEGER']);
    const values = f.strings.map((s) => s.value);
    for (const s of ['AES128|ECB|PKCS7', 'MD5', 'SHA1', 'http://10.0.0.8/upload', '@ohos:net.http', cryptoRecord.sourceCode]) expect(values).toContain(s);
    expect(f.warnings).toEqual([]);
  });

  it('refuses what is not an ABC file', () => {
    expect(() => parseAbc(new Uint8Array(10))).toThrow(FormatError);
    expect(() => parseAbc(new TextEncoder().encode('PANDA\0\0\0'.padEnd(80, 'x')))).toThrow(FormatError);
  });

  it('refuses absurd counts and offsets in the header', () => {
    const huge = bytes.slice();
    new DataView(huge.buffer).setUint32(28, 0x7fffffff, true); // num_classes
    expect(() => parseAbc(huge)).toThrow(/class index/);
    const away = bytes.slice();
    new DataView(away.buffer).setUint32(56, 0xfffffff0, true); // index_section_off
    expect(() => parseAbc(away)).toThrow(FormatError);
    const foreign = bytes.slice();
    new DataView(foreign.buffer).setUint32(24, 0xffffff, true); // foreign_size
    expect(() => parseAbc(foreign)).toThrow(/foreign region/);
  });

  it('computes adler32 like zlib', () => {
    expect(adler32(new TextEncoder().encode('Wikipedia'))).toBe(0x11e60398);
  });
});

describe.skipIf(!corpusEntriesAvailable)('parseAbc on the corpus HAP (ets/modules.abc)', () => {
  const abc = corpusEntriesAvailable ? corpusHapEntry('ets/modules.abc') : new Uint8Array();

  it('reads the real file', () => {
    const f = parseAbc(abc);
    expect(f.header.version).toBe('9.0.0.0');
    expect(f.header.checksumValid).toBe(true);
    expect(f.warnings).toEqual([]);
    const names = f.classes.filter((c) => !c.foreign).map((c) => c.name);
    expect(names).toContain('com.example.helloworld/entry/ets/entryability/EntryAbility');
    expect(names).toContain('com.example.helloworld/entry/ets/pages/Index');
    const ability = f.classes.find((c) => c.name.endsWith('EntryAbility'))!;
    expect(ability.methods.map((m) => m.name)).toEqual(expect.arrayContaining(['onCreate', 'onWindowStageCreate', 'func_main_0']));
    const record = f.moduleRecords.find((m) => m.recordName.endsWith('EntryAbility'));
    expect(record?.requests).toEqual(['@ohos:hilog', '@ohos:app.ability.UIAbility']);
    const values = f.strings.map((s) => s.value);
    expect(values).toContain('testTag');
    expect(values).toContain('pages/Index');
    expect(values.some((v) => v.includes("import hilog from '@ohos:hilog'"))).toBe(true);
  });

  it('stops with FormatError when the work budget runs out', () => {
    expect(() => parseAbc(abc, { maxWork: 2000 })).toThrow(/work budget/);
  });

  it('survives 400 deterministic mutations: parses or throws FormatError', () => {
    let parsed = 0;
    for (const m of mutations(abc, 400, 0xabc)) {
      try {
        parseAbc(m);
        parsed++;
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
      }
    }
    expect(parsed).toBeGreaterThan(0);
  });

  it('survives mutations behind the header checks (magic and size kept)', () => {
    for (const m of mutations(abc, 300, 0x5eed, 24)) {
      if (m.length !== abc.length) continue;
      try {
        parseAbc(m);
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
      }
    }
  });
});
