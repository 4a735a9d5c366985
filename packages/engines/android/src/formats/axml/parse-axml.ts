/**
 * Binary XML (AXML) reader: AndroidManifest.xml and res/xml/*.xml in an APK.
 *
 * It walks chunks the way the platform's ResXMLTree does, which is what the
 * known anti-parsing tricks rely on differing from naive tools: the root
 * chunk's type and size are not trusted, string pools seen before the first
 * node win, unknown chunks are skipped, attributes are stepped by the
 * declared attributeSize, and attribute meaning comes from the resource id.
 */
import { ByteReader, FormatError } from '@citadel/engine-core';
import { CHUNK, readChunkHeader, type ChunkHeader } from '../res-chunks/chunk.ts';
import { StringPool, emptyStringPool } from '../res-chunks/string-pool.ts';
import { decodeResValue } from '../res-chunks/res-value.ts';
import { ANDROID_ATTRIBUTE_NAMES } from '../xml-tree/android-attributes.ts';
import type { XmlAttribute, XmlDocument, XmlElement, XmlNamespace } from '../xml-tree/tree.ts';

export interface AxmlLimits {
  /** Deepest element nesting accepted (real manifests stay under 10). */
  maxDepth: number;
  /** Elements in one document. */
  maxElements: number;
  /** Attributes on one element. */
  maxAttributes: number;
  /** Warnings kept (the rest are counted). */
  maxWarnings: number;
}

export const DEFAULT_AXML_LIMITS: AxmlLimits = { maxDepth: 256, maxElements: 200_000, maxAttributes: 4096, maxWarnings: 50 };

const NO_INDEX = 0xffffffff;
const MIN_ATTRIBUTE_SIZE = 20;

export function parseAxml(bytes: Uint8Array, limits: Partial<AxmlLimits> = {}): XmlDocument {
  const lim = { ...DEFAULT_AXML_LIMITS, ...limits };
  const r = new ByteReader(bytes, 'axml');
  const warnings: string[] = [];
  const warn = (m: string): void => {
    if (warnings.length < lim.maxWarnings) warnings.push(m);
  };
  if (r.length < 8) r.fail('file too short for a chunk header', 0);

  // Root header: the platform checks only that headerSize <= size <= file length; tolerate the rest.
  const rootType = r.u16(0);
  const rootHeaderSize = r.u16(2);
  const rootSize = r.u32(4);
  if (rootType !== CHUNK.XML) {
    if (rootType === CHUNK.TABLE || rootType === CHUNK.STRING_POOL || rootType === CHUNK.XML_START_ELEMENT) r.fail(`not a binary XML document (root chunk 0x${rootType.toString(16)})`, 0);
    warn(`root chunk type 0x${rootType.toString(16)} instead of 0x0003`);
  }
  let end = r.length;
  if (rootSize > r.length) warn(`root chunk declares ${rootSize} bytes, file has ${r.length}`);
  else if (rootSize >= 8 && rootSize < r.length) {
    if (rootSize < 16) warn(`root chunk size ${rootSize} too small, ignored`);
    else end = rootSize;
  }
  let pos = rootHeaderSize >= 8 && rootHeaderSize < end ? rootHeaderSize : 8;
  if (rootHeaderSize !== 8) warn(`root header size ${rootHeaderSize} instead of 8`);

  let strings: StringPool | undefined;
  let resourceMap: number[] = [];
  let seenNode = false;
  const str = (i: number): string | undefined => (i === NO_INDEX ? undefined : (strings ?? emptyStringPool()).get(i));

  const roots: XmlElement[] = [];
  const stack: XmlElement[] = [];
  const pendingNamespaces: XmlNamespace[] = [];
  let elementCount = 0;
  let chunkCount = 0;

  while (pos + 8 <= end) {
    if (++chunkCount > lim.maxElements * 3 + 16) r.fail('too many chunks', pos);
    const chunk = readChunkHeader(r, pos, end, warn);
    switch (chunk.type) {
      case CHUNK.STRING_POOL:
        if (!seenNode) strings = new StringPool(r, chunk);
        else warn('string pool after the first node ignored');
        break;
      case CHUNK.XML_RESOURCE_MAP:
        if (!seenNode) resourceMap = readResourceMap(r, chunk);
        break;
      case CHUNK.XML_START_NAMESPACE: {
        seenNode = true;
        const ext = nodeExt(r, chunk, 8);
        const prefix = str(r.u32(ext)) ?? '';
        const uri = str(r.u32(ext + 4));
        if (uri !== undefined) pendingNamespaces.push({ prefix, uri });
        break;
      }
      case CHUNK.XML_END_NAMESPACE:
        seenNode = true;
        break;
      case CHUNK.XML_START_ELEMENT: {
        seenNode = true;
        if (++elementCount > lim.maxElements) r.fail(`more than ${lim.maxElements} elements`, pos);
        if (stack.length >= lim.maxDepth) r.fail(`elements nested deeper than ${lim.maxDepth}`, pos);
        const el = readStartElement(r, chunk, str, resourceMap, lim, warn);
        el.namespaces = pendingNamespaces.splice(0);
        const parent = stack[stack.length - 1];
        if (parent) parent.children.push(el);
        else {
          if (roots.length > 0) warn(`extra root element <${el.name}>`);
          roots.push(el);
        }
        stack.push(el);
        break;
      }
      case CHUNK.XML_END_ELEMENT:
        seenNode = true;
        if (stack.length === 0) warn('end element without a start');
        else stack.pop();
        break;
      case CHUNK.XML_CDATA: {
        seenNode = true;
        const ext = nodeExt(r, chunk, 4);
        const text = str(r.u32(ext));
        const top = stack[stack.length - 1];
        if (top && text !== undefined) top.text = (top.text ?? '') + text;
        break;
      }
      default:
        warn(`unknown chunk 0x${chunk.type.toString(16)} at 0x${pos.toString(16)} skipped`);
    }
    pos += chunk.size;
  }
  if (pos < end) warn(`${end - pos} trailing bytes after the last chunk`);
  if (stack.length > 0) warn(`${stack.length} element(s) not closed`);
  const root = roots[0];
  if (!root) throw new FormatError('no element in the document', 'axml');
  return { root, warnings };
}

function readResourceMap(r: ByteReader, chunk: ChunkHeader): number[] {
  const n = Math.floor((chunk.size - chunk.headerSize) / 4);
  const out = new Array<number>(n);
  const base = chunk.offset + chunk.headerSize;
  for (let i = 0; i < n; i++) out[i] = r.u32(base + i * 4);
  return out;
}

/** Start of a node's extension (after its header, which holds line number and comment), checked to hold `need` bytes. */
function nodeExt(r: ByteReader, chunk: ChunkHeader, need: number): number {
  const ext = chunk.offset + chunk.headerSize;
  if (chunk.headerSize < 16 || ext + need > chunk.offset + chunk.size) r.fail(`node chunk 0x${chunk.type.toString(16)} too small`, chunk.offset);
  return ext;
}

function readStartElement(
  r: ByteReader,
  chunk: ChunkHeader,
  str: (i: number) => string | undefined,
  resourceMap: number[],
  lim: AxmlLimits,
  warn: (m: string) => void,
): XmlElement {
  const ext = nodeExt(r, chunk, 20);
  const chunkEnd = chunk.offset + chunk.size;
  const name = str(r.u32(ext + 4)) ?? '';
  if (!name) warn(`element without a name at 0x${chunk.offset.toString(16)}`);
  const attributeStart = r.u16(ext + 8);
  const attributeSize = r.u16(ext + 10);
  const attributeCount = r.u16(ext + 12);
  const el: XmlElement = { name, attributes: [], children: [], namespaces: [], line: r.u32(chunk.offset + 8) };
  const ns = str(r.u32(ext));
  if (ns !== undefined) el.namespaceUri = ns;
  if (attributeCount === 0) return el;
  if (attributeSize < MIN_ATTRIBUTE_SIZE) r.fail(`attribute size ${attributeSize} below ${MIN_ATTRIBUTE_SIZE}`, chunk.offset);
  if (attributeSize !== MIN_ATTRIBUTE_SIZE) warn(`attribute size ${attributeSize} on <${name}>`);
  const first = ext + attributeStart;
  const fit = Math.max(0, Math.floor((chunkEnd - first - MIN_ATTRIBUTE_SIZE) / attributeSize) + 1);
  let count = Math.min(attributeCount, lim.maxAttributes);
  if (count > fit) {
    warn(`<${name}> declares ${attributeCount} attributes, room for ${fit}`);
    count = fit;
  }
  for (let i = 0; i < count; i++) {
    const a = first + i * attributeSize;
    const nameIndex = r.u32(a + 4);
    const declaredName = str(nameIndex) ?? '';
    const resourceId = nameIndex < resourceMap.length ? resourceMap[nameIndex] : undefined;
    const known = resourceId !== undefined ? ANDROID_ATTRIBUTE_NAMES.get(resourceId) : undefined;
    const effective = known ?? (declaredName || (resourceId !== undefined ? `attr_0x${resourceId.toString(16).padStart(8, '0')}` : ''));
    const attr: XmlAttribute = { name: effective, value: decodeResValue(r.u8(a + 15), r.u32(a + 16), str) };
    const attrNs = str(r.u32(a));
    if (attrNs !== undefined) attr.namespaceUri = attrNs;
    if (resourceId !== undefined && resourceId !== 0) attr.resourceId = resourceId;
    if (declaredName !== effective) attr.declaredName = declaredName;
    // The typed value wins, as on the device; the raw string (offset 8) is ignored.
    el.attributes.push(attr);
  }
  return el;
}
