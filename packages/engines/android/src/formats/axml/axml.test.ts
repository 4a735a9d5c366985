import { describe, expect, it } from 'vitest';
import { FormatError } from '@citadel/engine-core';
import { parseAxml } from './parse-axml.ts';
import { writeAxml, type ElementSpec } from '../testing/axml-writer.ts';
import { corpusApk, corpusAvailable, extractEntry } from '../testing/corpus.ts';
import { androidAttribute, childElements, findElements, plainAttribute, toXml, ANDROID_NS } from '../xml-tree/index.ts';
import { valueAsBoolean, valueAsInt, valueAsReference, valueAsString } from '../res-chunks/res-value.ts';

const manifest: ElementSpec = {
  name: 'manifest',
  attrs: [{ name: 'package', string: 'com.example.app' }, { name: 'versionCode', android: true, int: 42 }],
  children: [
    { name: 'uses-sdk', attrs: [{ name: 'minSdkVersion', android: true, int: 21 }, { name: 'targetSdkVersion', android: true, int: 34 }] },
    {
      name: 'application',
      attrs: [
        { name: 'debuggable', android: true, bool: true },
        { name: 'allowBackup', android: true, bool: false },
        { name: 'label', android: true, ref: 0x7f0b0001 },
        { name: 'networkSecurityConfig', android: true, ref: 0x7f110000 },
      ],
      children: [
        {
          name: 'activity',
          attrs: [{ name: 'name', android: true, string: '.Main' }, { name: 'exported', android: true, bool: true }, { name: 'launchMode', android: true, int: 2, hex: true }],
          children: [{ name: 'intent-filter', attrs: [{ name: 'priority', android: true, int: 999 }], children: [{ name: 'action', attrs: [{ name: 'name', android: true, string: 'android.intent.action.VIEW' }] }] }],
        },
      ],
    },
  ],
};

function checkManifest(bytes: Uint8Array): void {
  const doc = parseAxml(bytes);
  const root = doc.root;
  expect(root.name).toBe('manifest');
  expect(root.namespaces).toEqual([{ prefix: 'android', uri: ANDROID_NS }]);
  expect(valueAsString(plainAttribute(root, 'package')?.value)).toBe('com.example.app');
  expect(valueAsInt(androidAttribute(root, 'versionCode')?.value)).toBe(42);
  const sdk = childElements(root, 'uses-sdk')[0]!;
  expect(valueAsInt(androidAttribute(sdk, 'minSdkVersion')?.value)).toBe(21);
  const app = childElements(root, 'application')[0]!;
  expect(valueAsBoolean(androidAttribute(app, 'debuggable')?.value)).toBe(true);
  expect(valueAsBoolean(androidAttribute(app, 'allowBackup')?.value)).toBe(false);
  expect(valueAsReference(androidAttribute(app, 'label')?.value)).toBe(0x7f0b0001);
  expect(androidAttribute(app, 'networkSecurityConfig')?.value.text).toBe('@0x7f110000');
  const activity = findElements(root, 'activity')[0]!;
  expect(androidAttribute(activity, 'launchMode')?.value.text).toBe('0x2');
  expect(valueAsInt(androidAttribute(findElements(root, 'intent-filter')[0]!, 'priority')?.value)).toBe(999);
  expect(findElements(root, 'action').map((a) => valueAsString(androidAttribute(a, 'name')?.value))).toEqual(['android.intent.action.VIEW']);
}

describe('parseAxml', () => {
  it('reads a manifest written by the test writer (UTF-16 and UTF-8 pools)', () => {
    checkManifest(writeAxml(manifest));
    checkManifest(writeAxml(manifest, { utf8: true }));
  });

  it('tolerates the anti-parsing tricks and reports them as warnings', () => {
    const tricked = writeAxml(manifest, { rootSize: 0x7fffffff, unknownChunk: true, attributeSize: 24 });
    checkManifest(tricked);
    const warnings = parseAxml(tricked).warnings.join('\n');
    expect(warnings).toMatch(/root chunk declares/);
    expect(warnings).toMatch(/unknown chunk 0x777/);
    expect(warnings).toMatch(/attribute size 24/);
  });

  it('names attributes by resource id when the name strings are blank', () => {
    const bytes = writeAxml(manifest, { blankAndroidNames: true });
    checkManifest(bytes);
    const app = findElements(parseAxml(bytes).root, 'application')[0]!;
    const debuggable = androidAttribute(app, 'debuggable')!;
    expect(debuggable.name).toBe('debuggable');
    expect(debuggable.declaredName).toBe('');
    expect(debuggable.resourceId).toBe(0x0101000f);
  });

  it('renders XML for display', () => {
    const xml = toXml(parseAxml(writeAxml(manifest)));
    expect(xml).toContain('<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app" android:versionCode="42">');
    expect(xml).toContain('android:debuggable="true"');
    expect(xml).toContain('android:label="@0x7f0b0001"');
    expect(xml).toContain('</application>');
  });

  it('refuses what is not binary XML with a FormatError', () => {
    expect(() => parseAxml(new Uint8Array(4))).toThrow(FormatError);
    expect(() => parseAxml(Buffer.from('<?xml version="1.0"?><manifest/>'))).toThrow(FormatError);
    const zeroSize = writeAxml(manifest);
    new DataView(zeroSize.buffer).setUint32(12, 0, true); // string pool chunk size 0 could never advance
    expect(() => parseAxml(zeroSize)).toThrow(FormatError);
  });

  it('bounds nesting depth', () => {
    let deep: ElementSpec = { name: 'leaf' };
    for (let i = 0; i < 40; i++) deep = { name: 'n', children: [deep] };
    expect(() => parseAxml(writeAxml(deep), { maxDepth: 16 })).toThrow(/nested deeper/);
  });
});

describe('AXML of the real corpus', () => {
  it.skipIf(!corpusAvailable('diva.apk'))('DIVA: package, SDKs, debuggable, backup, NotesProvider, intent filters', async () => {
    const { root } = parseAxml(await extractEntry(corpusApk('diva.apk'), 'AndroidManifest.xml'));
    expect(valueAsString(plainAttribute(root, 'package')?.value)).toBe('jakhar.aseem.diva');
    const sdk = childElements(root, 'uses-sdk')[0]!;
    expect(valueAsInt(androidAttribute(sdk, 'minSdkVersion')?.value)).toBe(15);
    expect(valueAsInt(androidAttribute(sdk, 'targetSdkVersion')?.value)).toBe(23);
    const app = childElements(root, 'application')[0]!;
    expect(valueAsBoolean(androidAttribute(app, 'debuggable')?.value)).toBe(true);
    expect(valueAsBoolean(androidAttribute(app, 'allowBackup')?.value)).toBe(true);
    expect(valueAsReference(androidAttribute(app, 'label')?.value)).toBe(0x7f060023);
    // The provider is exported explicitly in the file (android:exported="true").
    const provider = childElements(app, 'provider')[0]!;
    expect(valueAsString(androidAttribute(provider, 'name')?.value)).toBe('jakhar.aseem.diva.NotesProvider');
    expect(valueAsBoolean(androidAttribute(provider, 'exported')?.value)).toBe(true);
    expect(valueAsString(androidAttribute(provider, 'authorities')?.value)).toBe('jakhar.aseem.diva.provider.notesprovider');
    const withFilters = childElements(app, 'activity').filter((a) => childElements(a, 'intent-filter').length > 0);
    expect(withFilters.map((a) => valueAsString(androidAttribute(a, 'name')?.value))).toEqual([
      'jakhar.aseem.diva.MainActivity',
      'jakhar.aseem.diva.APICredsActivity',
      'jakhar.aseem.diva.APICreds2Activity',
    ]);
    expect(childElements(root, 'uses-permission').map((p) => valueAsString(androidAttribute(p, 'name')?.value))).toContain('android.permission.INTERNET');
  });

  it.skipIf(!corpusAvailable('uncrackable-level1.apk'))('UnCrackable Level 1: package and SDKs', async () => {
    const { root, warnings } = parseAxml(await extractEntry(corpusApk('uncrackable-level1.apk'), 'AndroidManifest.xml'));
    expect(valueAsString(plainAttribute(root, 'package')?.value)).toBe('owasp.mstg.uncrackable1');
    expect(valueAsInt(androidAttribute(childElements(root, 'uses-sdk')[0]!, 'minSdkVersion')?.value)).toBe(19);
    expect(warnings).toEqual([]);
  });
});
