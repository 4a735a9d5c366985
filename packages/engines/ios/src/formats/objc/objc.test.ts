import { describe, expect, it } from 'vitest';
import { corpusAvailable, corpusEntry } from '../test-utils/corpus.ts';
import { writeObjcImage, type PointerEncoding } from '../test-utils/objc-image-writer.ts';
import { readMachO, readMachOImage } from '../macho/index.ts';
import { demangleObjcSwiftName, extractStrings, readObjcClassNames, readSwiftTypeNames, swiftTypeFromSymbol } from './index.ts';

const CLASSES = ['AFHTTPSessionManager', 'SDWebImageManager', '_TtC8MyModule14ViewController'];

describe('Objective-C class names', () => {
  it.each<PointerEncoding>(['plain', 'chained64-offset', 'arm64e-auth'])('reads the class list with %s pointers', (encoding) => {
    const image = readMachOImage(writeObjcImage({ classNames: CLASSES, encoding }));
    expect(readObjcClassNames(image)).toEqual({ names: CLASSES, source: 'classlist', unresolved: 0 });
  });

  it('falls back to __objc_classname without a class list', () => {
    const image = readMachOImage(writeObjcImage({ classNames: CLASSES, omitClassList: true }));
    expect(readObjcClassNames(image)).toEqual({ names: CLASSES, source: 'classname-section', unresolved: 0 });
  });

  it('demangles Swift runtime class names', () => {
    expect(demangleObjcSwiftName('_TtC8MyModule14ViewController')).toBe('MyModule.ViewController');
    expect(demangleObjcSwiftName('NSObject')).toBe('NSObject');
    expect(demangleObjcSwiftName('_TtC7MyMod')).toBe('_TtC7MyMod');
  });
});

describe('Swift type names', () => {
  it('reads __swift5_types descriptors with their module', () => {
    const image = readMachOImage(writeObjcImage({ classNames: [], swiftModule: 'Alamofire', swiftTypes: ['Session', 'Request'] }));
    expect(readSwiftTypeNames(image)).toEqual({ names: ['Alamofire.Session', 'Alamofire.Request'], source: 'swift5_types' });
  });

  it('falls back to mangled nominal type descriptor symbols', () => {
    const image = readMachOImage(writeObjcImage({ classNames: [] }));
    const symbols = ['_$s9Alamofire7SessionCMn', '_$s5Kingf5OuterV5InnerOMn', '_$s9Alamofire7SessionC7requestyyF', '_$s3Foo0A3BarCMn'];
    expect(readSwiftTypeNames(image, symbols)).toEqual({ names: ['Alamofire.Session', 'Kingf.Outer.Inner'], source: 'symbols' });
    expect(swiftTypeFromSymbol('_main')).toBeUndefined();
  });
});

describe('strings', () => {
  it('extracts C strings and UTF-16 CFStrings, unique and bounded', () => {
    const image = readMachOImage(writeObjcImage({
      classNames: [],
      cstrings: ['https://api.example.com/v1', 'AKIAIOSFODNN7EXAMPLE', 'ab', 'https://api.example.com/v1', 'bin\u0001ary'],
      utf16Strings: ['\u5bc6\u94a5 secret-key'],
    }));
    const { strings, truncated } = extractStrings(image);
    expect(truncated).toBe(false);
    expect(strings.map((s) => [s.section, s.value])).toEqual([
      ['__TEXT,__cstring', 'https://api.example.com/v1'],
      ['__TEXT,__cstring', 'AKIAIOSFODNN7EXAMPLE'],
      ['__DATA,__cfstring', '\u5bc6\u94a5 secret-key'],
    ]);
    const capped = extractStrings(image, { maxStrings: 1, maxLength: 10 });
    expect(capped).toEqual({ strings: [{ section: '__TEXT,__cstring', value: 'https://ap', offset: strings[0]!.offset }], truncated: true });
  });
});

describe.skipIf(!corpusAvailable)('corpus: undebuggable.ipa classes and strings', () => {
  it('finds the app classes and strings in both slices', async () => {
    const file = readMachO(await corpusEntry('UnDebuggable'));
    for (const image of file.images) {
      expect(readObjcClassNames(image)).toEqual({ names: ['ViewController', 'AppDelegate'], source: 'classlist', unresolved: 0 });
      expect(readSwiftTypeNames(image).source).toBe('none');
      const values = extractStrings(image).strings.map((s) => s.value);
      expect(values).toContain('T@"UILabel",W,N,V_theLabel');
    }
  });
});
