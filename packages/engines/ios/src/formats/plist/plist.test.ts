import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { writeBplist, writeBplistObjects, type BplistObject } from '../test-utils/bplist-writer.ts';
import { corpusAvailable, corpusEntry } from '../test-utils/corpus.ts';
import { detectPlistForm, plistGet, plistString, plistToJson, readPlist, readPlistDocument, type PlistValue } from './index.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const str = (value: string): PlistValue => ({ kind: 'string', value });

const SAMPLE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <!-- a comment -->
  <key>CFBundleIdentifier</key><string>com.example.app</string>
  <key>Escaped</key><string>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#65;&#x42; <![CDATA[<raw>]]></string>
  <key>Count</key><integer>-42</integer>
  <key>Big</key><integer>18446744073709551615</integer>
  <key>Pi</key><real>3.14</real>
  <key>Yes</key><true/>
  <key>No</key><false/>
  <key>When</key><date>2017-01-27T08:36:00Z</date>
  <key>Blob</key><data>
    AAEC
    /w==
  </data>
  <key>Empty</key><string/>
  <key>List</key><array><string>x</string><dict/><array/></array>
  <key>__proto__</key><string>kept</string>
</dict>
</plist>`;

describe('XML plist', () => {
  it('reads every value type', () => {
    const doc = readPlistDocument(enc(SAMPLE_XML));
    expect(doc.form).toBe('xml');
    const v = doc.value;
    expect(plistString(plistGet(v, 'CFBundleIdentifier'))).toBe('com.example.app');
    expect(plistString(plistGet(v, 'Escaped'))).toBe(`a <b> & "c" 'd' AB <raw>`);
    expect(plistGet(v, 'Count')).toEqual({ kind: 'int', value: -42 });
    expect(plistGet(v, 'Big')).toEqual({ kind: 'int', value: 18446744073709551615n });
    expect(plistGet(v, 'Pi')).toEqual({ kind: 'real', value: 3.14 });
    expect(plistGet(v, 'Yes')).toEqual({ kind: 'bool', value: true });
    expect(plistGet(v, 'No')).toEqual({ kind: 'bool', value: false });
    const when = plistGet(v, 'When');
    expect(when?.kind === 'date' && when.value.toISOString()).toBe('2017-01-27T08:36:00.000Z');
    const blob = plistGet(v, 'Blob');
    expect(blob?.kind === 'data' && [...blob.value]).toEqual([0, 1, 2, 255]);
    expect(plistString(plistGet(v, 'Empty'))).toBe('');
    expect(plistGet(v, 'List', 1)).toEqual({ kind: 'dict', entries: new Map() });
    expect(plistString(plistGet(v, '__proto__'))).toBe('kept');
    const json = plistToJson(v) as Record<string, unknown>;
    expect(json['Blob']).toBe('AAEC/w==');
    expect(json['Big']).toBe('18446744073709551615');
    expect(Object.keys(json)).toContain('__proto__');
  });

  it('reads UTF-16 with a BOM', () => {
    const body = '<plist><string>\u00e9t\u00e9</string></plist>';
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from(body, 'utf16le')]);
    expect(readPlist(bytes)).toEqual(str('\u00e9t\u00e9'));
  });

  it.each([
    ['an internal DTD subset (entity declarations)', '<!DOCTYPE plist [<!ENTITY a "b">]><plist><string>&a;</string></plist>'],
    ['an unknown entity', '<plist><string>&xxe;</string></plist>'],
    ['an ENTITY declaration outside a DOCTYPE', '<!ENTITY a "b"><plist><string/></plist>'],
    ['a surrogate character reference', '<plist><string>&#xD800;</string></plist>'],
    ['mismatched tags', '<plist><dict><key>a</key><string>b</dict></plist>'],
    ['a dict value without a key', '<plist><dict><string>b</string></dict></plist>'],
    ['an unknown element', '<plist><script/></plist>'],
    ['a bad integer', '<plist><integer>12abc</integer></plist>'],
    ['unterminated input', '<plist><array><string>a</string>'],
    ['trailing content', '<plist><true/></plist><plist><true/></plist>'],
    ['an element inside a string', '<plist><string>a<b/></string></plist>'],
  ])('refuses %s with a FormatError', (_what, xml) => {
    expect(() => readPlist(enc(xml))).toThrow(FormatError);
  });

  it('fails fast on 1e6 nested <array> elements', () => {
    const depth = 1_000_000;
    const xml = `<plist>${'<array>'.repeat(depth)}${'</array>'.repeat(depth)}</plist>`;
    expect(() => readPlist(enc(xml))).toThrow(/nesting deeper than 256/);
  });

  it('caps the number of values and the length of text', () => {
    const many = `<plist><array>${'<true/>'.repeat(2000)}</array></plist>`;
    expect(() => readPlist(enc(many), { maxNodes: 1000 })).toThrow(/more than 1000 values/);
    const long = `<plist><string>${'a'.repeat(5000)}</string></plist>`;
    expect(() => readPlist(enc(long), { maxStringLength: 1000 })).toThrow(FormatError);
    expect(() => readPlist(enc(long), { maxBytes: 100 })).toThrow(FormatError);
  });
});

describe('binary plist', () => {
  it('round-trips every value type written by the test writer', () => {
    const value: PlistValue = {
      kind: 'dict',
      entries: new Map<string, PlistValue>([
        ['s', str('ascii')],
        ['u', str('\u4e2d\u6587')],
        ['i', { kind: 'int', value: 70000 }],
        ['neg', { kind: 'int', value: -5 }],
        ['huge', { kind: 'int', value: 0xffffffffffffffffn }],
        ['r', { kind: 'real', value: 1.5 }],
        ['b', { kind: 'bool', value: true }],
        ['d', { kind: 'date', value: new Date('2020-02-02T00:00:00Z') }],
        ['data', { kind: 'data', value: new Uint8Array(20).fill(7) }],
        ['uid', { kind: 'uid', value: 3 }],
        ['set', { kind: 'array', items: [str('x')], isSet: true }],
        ['arr', { kind: 'array', items: Array.from({ length: 20 }, (_, i) => ({ kind: 'int', value: i }) as PlistValue) }],
        ['nil', { kind: 'null' }],
      ]),
    };
    const doc = readPlistDocument(writeBplist(value));
    expect(doc.form).toBe('binary');
    expect(doc.value).toEqual(value);
  });

  it('allows shared references', () => {
    const objects: BplistObject[] = [{ t: 'array', refs: [1, 1, 1] }, { t: 'string', v: 'shared' }];
    expect(readPlist(writeBplistObjects(objects))).toEqual({ kind: 'array', items: [str('shared'), str('shared'), str('shared')] });
  });

  it('refuses a self-referencing array', () => {
    expect(() => readPlist(writeBplistObjects([{ t: 'array', refs: [0] }]))).toThrow(/reference cycle/);
  });

  it('refuses an indirect cycle through a dict', () => {
    const objects: BplistObject[] = [{ t: 'dict', keys: [1], values: [2] }, { t: 'string', v: 'k' }, { t: 'array', refs: [0] }];
    expect(() => readPlist(writeBplistObjects(objects))).toThrow(/reference cycle/);
  });

  it('fails fast on nesting depth 100000', () => {
    const depth = 100_000;
    const objects: BplistObject[] = Array.from({ length: depth }, (_, i) => ({ t: 'array', refs: i + 1 < depth ? [i + 1] : [] }));
    expect(() => readPlist(writeBplistObjects(objects))).toThrow(/nesting deeper than 256/);
  });

  it('caps expansion through shared references (a bplist "billion laughs")', () => {
    // 40 levels, each an array holding the next level twice: 2^40 leaves from 41 objects.
    const levels = 40;
    const objects: BplistObject[] = Array.from({ length: levels }, (_, i) => ({ t: 'array', refs: [i + 1, i + 1] }));
    objects.push({ t: 'string', v: 'x' });
    expect(() => readPlist(writeBplistObjects(objects))).toThrow(/more than 1000000 values/);
  });

  it('refuses out-of-range refs, bad trailers and absurd lengths', () => {
    expect(() => readPlist(writeBplistObjects([{ t: 'array', refs: [9] }]))).toThrow(FormatError);
    const good = writeBplistObjects([{ t: 'string', v: 'abc' }]);
    const badCount = good.slice();
    badCount.fill(0xff, badCount.length - 24, badCount.length - 16);
    expect(() => readPlist(badCount)).toThrow(FormatError);
    const badTop = good.slice();
    badTop[badTop.length - 9] = 5;
    expect(() => readPlist(badTop)).toThrow(FormatError);
    const longString = good.slice();
    longString[8] = 0x5f; // extended count follows: an int marker 0x13 with 2^60
    longString.set([0x13, 0x10, 0, 0, 0, 0, 0, 0, 0], 9);
    expect(() => readPlist(longString)).toThrow(FormatError);
    expect(() => readPlist(enc('bplist00'))).toThrow(FormatError);
  });
});

describe('detectPlistForm', () => {
  it.each([
    ['bplist00\0\0', 'binary'],
    ['bplist16xxxx', 'binary-unsupported'],
    ['\uFEFF  <?xml version="1.0"?><plist/>', 'xml'],
    ['<plist version="1.0"><dict/></plist>', 'xml'],
    ['/* comment */\n"key" = "value";', 'openstep'],
    ['{ a = b; }', 'openstep'],
    ['hello world', 'text'],
  ])('%j is %s', (input, form) => {
    expect(detectPlistForm(enc(input))).toBe(form);
  });

  it('says unknown for binary noise', () => {
    expect(detectPlistForm(new Uint8Array([0xcf, 0xfa, 0xed, 0xfe, 0, 1]))).toBe('unknown');
  });
});

describe.skipIf(!corpusAvailable)('corpus: undebuggable.ipa', () => {
  it('reads Payload/UnDebuggable.app/Info.plist (XML)', async () => {
    const doc = readPlistDocument(await corpusEntry('Info.plist'));
    expect(doc.form).toBe('xml');
    expect(plistString(plistGet(doc.value, 'CFBundleIdentifier'))).toBe('sg.vp.UnDebuggable');
    expect(plistString(plistGet(doc.value, 'MinimumOSVersion'))).toBe('8.0');
    expect(plistString(plistGet(doc.value, 'CFBundleExecutable'))).toBe('UnDebuggable');
    expect(plistGet(doc.value, 'UIDeviceFamily')).toEqual({ kind: 'array', items: [{ kind: 'int', value: 1 }, { kind: 'int', value: 2 }] });
  });

  it('reads the storyboard Info.plist (binary)', async () => {
    const doc = readPlistDocument(await corpusEntry('Base.lproj/Main.storyboardc/Info.plist'));
    expect(doc.form).toBe('binary');
    expect(plistString(plistGet(doc.value, 'UIStoryboardDesignatedEntryPointIdentifier'))).toBe('UIViewController-BYZ-38-t0r');
    expect(plistGet(doc.value, 'UIStoryboardVersion')).toEqual({ kind: 'int', value: 1 });
  });
});
