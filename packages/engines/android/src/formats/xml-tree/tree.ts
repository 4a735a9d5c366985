/**
 * The element tree every Android XML reader produces (binary AXML and the
 * AAB's protobuf XmlNode), so manifest and network-security checks are
 * written once against one shape.
 */
import type { TypedValue } from '../res-chunks/res-value.ts';
import { ANDROID_ATTRIBUTE_IDS, ANDROID_NS } from './android-attributes.ts';

export interface XmlAttribute {
  /** Namespace URI, e.g. http://schemas.android.com/apk/res/android; undefined when none. */
  namespaceUri?: string;
  /** Effective local name: from the resource id when it is a known framework attribute. */
  name: string;
  /** The name string stored in the file, when it differs from `name` (blank or forged names). */
  declaredName?: string;
  /** Resource id from the resource map (0x0101xxxx for android: attributes). */
  resourceId?: number;
  value: TypedValue;
}

export interface XmlNamespace {
  prefix: string;
  uri: string;
}

export interface XmlElement {
  namespaceUri?: string;
  name: string;
  attributes: XmlAttribute[];
  children: XmlElement[];
  /** Namespaces declared on this element. */
  namespaces: XmlNamespace[];
  /** Character data directly inside the element, concatenated. */
  text?: string;
  /** Source line recorded by the compiler. */
  line?: number;
}

export interface XmlDocument {
  root: XmlElement;
  /** Irregularities tolerated while reading (wrong chunk sizes, unknown chunks …): worth showing as evidence of tampering. */
  warnings: string[];
}

/**
 * The android:`name` attribute of an element, matched the way the platform
 * matches it: by resource id when the file has one, else by namespace + name.
 */
export function androidAttribute(el: XmlElement, name: string): XmlAttribute | undefined {
  const id = ANDROID_ATTRIBUTE_IDS[name];
  if (id !== undefined) {
    const byId = el.attributes.find((a) => a.resourceId === id);
    if (byId) return byId;
  }
  return el.attributes.find((a) => a.name === name && a.namespaceUri === ANDROID_NS && (a.resourceId === undefined || a.resourceId === 0 || a.resourceId === id));
}

/** An attribute without namespace (e.g. `package` on <manifest>) or in the given namespace. */
export function plainAttribute(el: XmlElement, name: string, namespaceUri?: string): XmlAttribute | undefined {
  return el.attributes.find((a) => (a.declaredName ?? a.name) === name && a.namespaceUri === namespaceUri);
}

/** Direct children with the given element name. */
export function childElements(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

/** All descendants (depth-first, document order) with the given name; iterative, so no recursion limit applies. */
export function findElements(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const stack: XmlElement[] = [...el.children].reverse();
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.name === name) out.push(e);
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i]!);
  }
  return out;
}
