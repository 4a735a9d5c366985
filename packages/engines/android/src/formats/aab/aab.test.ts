import { describe, expect, it } from 'vitest';
import { FormatError } from '@citadel/engine-core';
import { parseProtoXml } from './xml-node.ts';
import { readFields } from './protobuf.ts';
import { parseAxml } from '../axml/parse-axml.ts';
import { writeAxml, type ElementSpec } from '../testing/axml-writer.ts';
import { pb, writeProtoXml } from '../testing/proto-writer.ts';
import { androidAttribute, findElements, plainAttribute, toXml } from '../xml-tree/index.ts';
import { valueAsBoolean, valueAsInt, valueAsReference, valueAsString } from '../res-chunks/res-value.ts';

const manifest: ElementSpec = {
  name: 'manifest',
  attrs: [{ name: 'package', string: 'com.example.bundle' }, { name: 'versionCode', android: true, int: 7 }],
  children: [
    { name: 'uses-sdk', attrs: [{ name: 'minSdkVersion', android: true, int: 24 }, { name: 'targetSdkVersion', android: true, int: 35 }] },
    {
      name: 'application',
      attrs: [
        { name: 'debuggable', android: true, bool: true },
        { name: 'usesCleartextTraffic', android: true, bool: false },
        { name: 'label', android: true, ref: 0x7f120001 },
      ],
      children: [{ name: 'service', attrs: [{ name: 'name', android: true, string: '.Sync' }, { name: 'exported', android: true, bool: true }, { name: 'foregroundServiceType', android: true, int: 1, hex: true }] }],
    },
  ],
};

describe('parseProtoXml (AAB manifest)', () => {
  it('maps XmlNode onto the same tree as AXML, so checks see the same values', () => {
    const proto = parseProtoXml(writeProtoXml(manifest));
    const axml = parseAxml(writeAxml(manifest));
    expect(toXml(proto)).toBe(toXml(axml));
    const app = findElements(proto.root, 'application')[0]!;
    expect(valueAsBoolean(androidAttribute(app, 'debuggable')?.value)).toBe(true);
    expect(valueAsBoolean(androidAttribute(app, 'usesCleartextTraffic')?.value)).toBe(false);
    expect(valueAsReference(androidAttribute(app, 'label')?.value)).toBe(0x7f120001);
    expect(valueAsInt(androidAttribute(findElements(proto.root, 'uses-sdk')[0]!, 'minSdkVersion')?.value)).toBe(24);
    expect(valueAsString(plainAttribute(proto.root, 'package')?.value)).toBe('com.example.bundle');
    expect(androidAttribute(findElements(proto.root, 'service')[0]!, 'foregroundServiceType')?.value.text).toBe('0x1');
  });

  it('decodes negative int32 varints', () => {
    const node = writeProtoXml({ name: 'x', attrs: [{ name: 'priority', android: true, int: -5 }] });
    expect(valueAsInt(androidAttribute(parseProtoXml(node).root, 'priority')?.value)).toBe(-5);
  });

  it('refuses truncated or malformed protobuf with FormatError', () => {
    const bytes = writeProtoXml(manifest);
    expect(() => parseProtoXml(bytes.subarray(0, bytes.length - 3))).toThrow(FormatError);
    expect(() => readFields(Uint8Array.from([0x0b]))).toThrow(/wire type/);
    expect(() => readFields(Uint8Array.from([0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]))).toThrow(/varint/);
    expect(() => parseProtoXml(pb.string(2, 'just text'))).toThrow(/no root element/);
  });

  it('bounds nesting depth', () => {
    let deep: ElementSpec = { name: 'leaf' };
    for (let i = 0; i < 300; i++) deep = { name: 'n', children: [deep] };
    expect(() => parseProtoXml(writeProtoXml(deep))).toThrow(/nested deeper/);
  });
});
