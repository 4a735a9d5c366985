/**
 * aapt2's protobuf XML (Resources.proto XmlNode), the form of
 * base/manifest/AndroidManifest.xml and res/xml files inside an AAB, mapped
 * onto the same element tree as binary AXML so checks run unchanged.
 *
 * XmlNode      { element = 1 | text = 2; source = 3 }
 * XmlElement   { namespace_declaration = 1; namespace_uri = 2; name = 3; attribute = 4; child = 5 }
 * XmlNamespace { prefix = 1; uri = 2 }
 * XmlAttribute { namespace_uri = 1; name = 2; value = 3; source = 4; resource_id = 5; compiled_item = 6 }
 * Item         { ref = 1; str = 2; raw_str = 3; styled_str = 4; file = 5; id = 6; prim = 7 }
 */
import { FormatError } from '@citadel/engine-core';
import { decodeResValue, RES_TYPE, stringValue, type TypedValue } from '../res-chunks/res-value.ts';
import { ANDROID_ATTRIBUTE_NAMES } from '../xml-tree/android-attributes.ts';
import type { XmlAttribute, XmlDocument, XmlElement } from '../xml-tree/tree.ts';
import { pbFirst, pbString, readFields, type PbField } from './protobuf.ts';

const MAX_DEPTH = 256;
const MAX_ELEMENTS = 200_000;
const FORMAT = 'aab-xml';

/** Primitive field number → Res_value type (Resources.proto Primitive oneof). */
const PRIMITIVE_TYPES: Readonly<Record<number, number>> = {
  1: RES_TYPE.NULL,
  2: RES_TYPE.NULL,
  3: RES_TYPE.FLOAT,
  4: RES_TYPE.FLOAT, // deprecated float dimension
  5: RES_TYPE.FLOAT, // deprecated float fraction
  6: RES_TYPE.INT_DEC,
  7: RES_TYPE.INT_HEX,
  8: RES_TYPE.INT_BOOLEAN,
  9: RES_TYPE.INT_COLOR_ARGB8,
  10: RES_TYPE.INT_COLOR_RGB8,
  11: RES_TYPE.INT_COLOR_ARGB4,
  12: RES_TYPE.INT_COLOR_RGB4,
  13: RES_TYPE.DIMENSION,
  14: RES_TYPE.FRACTION,
};

const noStrings = (): undefined => undefined;

function compiledItem(item: Uint8Array, raw: string | undefined): TypedValue | undefined {
  const fields = readFields(item, FORMAT);
  for (const f of fields) {
    if (!f.bytes) continue;
    const inner = readFields(f.bytes, FORMAT);
    switch (f.field) {
      case 1: {
        // Reference { type = 1 (0 reference, 1 attribute); id = 2; name = 3 }
        const isAttr = pbFirst(inner, 1)?.u32 === 1;
        const id = pbFirst(inner, 2)?.u32 ?? 0;
        return decodeResValue(isAttr ? RES_TYPE.ATTRIBUTE : RES_TYPE.REFERENCE, id, noStrings);
      }
      case 2:
      case 3:
      case 4:
      case 5:
        return stringValue(pbString(pbFirst(inner, 1)) ?? raw ?? '');
      case 7: {
        const prim = inner[0];
        if (!prim) return undefined;
        const type = PRIMITIVE_TYPES[prim.field];
        if (type === undefined) return undefined;
        // Empty (field 2) is Res_value null with data 1, as aapt2 writes it in binary form.
        const data = prim.field === 2 ? 1 : prim.u32;
        const v = decodeResValue(type, data, noStrings);
        return type === RES_TYPE.INT_BOOLEAN ? { ...v, data: data ? 0xffffffff : 0 } : v;
      }
    }
  }
  return undefined;
}

function attribute(bytes: Uint8Array): XmlAttribute {
  const f = readFields(bytes, FORMAT);
  const declaredName = pbString(pbFirst(f, 2)) ?? '';
  const raw = pbString(pbFirst(f, 3));
  const resourceId = pbFirst(f, 5)?.u32;
  const known = resourceId ? ANDROID_ATTRIBUTE_NAMES.get(resourceId) : undefined;
  const item = pbFirst(f, 6)?.bytes;
  const value = (item && compiledItem(item, raw)) ?? stringValue(raw ?? '');
  const attr: XmlAttribute = { name: known ?? declaredName, value };
  const ns = pbString(pbFirst(f, 1));
  if (ns) attr.namespaceUri = ns;
  if (resourceId) attr.resourceId = resourceId;
  if (attr.name !== declaredName) attr.declaredName = declaredName;
  return attr;
}

/** Reads a serialized XmlNode whose root is an element. */
export function parseProtoXml(bytes: Uint8Array): XmlDocument {
  const warnings: string[] = [];
  let count = 0;
  // Explicit work stack: nesting is bounded by MAX_DEPTH without recursion.
  const elementFrom = (nodeBytes: Uint8Array, depth: number): XmlElement | string | undefined => {
    if (depth > MAX_DEPTH) throw new FormatError(`elements nested deeper than ${MAX_DEPTH}`, FORMAT);
    const node = readFields(nodeBytes, FORMAT);
    const text = pbFirst(node, 2);
    if (text) return pbString(text);
    const elBytes = pbFirst(node, 1)?.bytes;
    if (!elBytes) return undefined;
    if (++count > MAX_ELEMENTS) throw new FormatError(`more than ${MAX_ELEMENTS} elements`, FORMAT);
    const ef = readFields(elBytes, FORMAT);
    const el: XmlElement = { name: pbString(pbFirst(ef, 3)) ?? '', attributes: [], children: [], namespaces: [] };
    const ns = pbString(pbFirst(ef, 2));
    if (ns) el.namespaceUri = ns;
    const line = pbFirst(node, 3)?.bytes;
    if (line) el.line = pbFirst(readFields(line, FORMAT), 1)?.u32 ?? 0;
    for (const f of ef) {
      if (!f.bytes) continue;
      if (f.field === 1) {
        const n = readFields(f.bytes, FORMAT);
        el.namespaces.push({ prefix: pbString(pbFirst(n, 1)) ?? '', uri: pbString(pbFirst(n, 2)) ?? '' });
      } else if (f.field === 4) el.attributes.push(attribute(f.bytes));
    }
    pending.push({ el, children: ef.filter((f: PbField) => f.field === 5 && f.bytes), depth });
    return el;
  };
  const pending: { el: XmlElement; children: PbField[]; depth: number }[] = [];
  const root = elementFrom(bytes, 0);
  if (!root || typeof root === 'string') throw new FormatError('no root element', FORMAT);
  while (pending.length > 0) {
    const { el, children, depth } = pending.pop()!;
    for (const c of children) {
      const child = elementFrom(c.bytes!, depth + 1);
      if (typeof child === 'string') el.text = (el.text ?? '') + child;
      else if (child) el.children.push(child);
    }
  }
  if (!root.name) warnings.push('root element without a name');
  return { root, warnings };
}
