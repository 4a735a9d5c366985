/**
 * resources.index, the compiled resource table restool writes into a HAP
 * (layout confirmed on the corpus HAP, written by "Restool 2.010"; type and
 * key enums from restool's resource_data.h). Little-endian:
 *
 *   char[128] version ("Restool x.y"), u32 fileSize, u32 configCount,
 *   configCount × { "KEYS", u32 idSetOffset, u32 keyCount, keyCount × (u32 keyType, u32 value) }
 *   at idSetOffset: { "IDSS", u32 count, count × (u32 id, u32 dataOffset) }
 *   at dataOffset:  { u32 size, u32 resType, u32 id, u16 len, value (NUL-terminated), u16 len, name (NUL-terminated) }
 *
 * A config with no keys is the default ("base") one. Newer restool builds can
 * write a "RestoolV2" table with another layout: refused with a FormatError
 * naming it, rather than misread.
 */
import { ByteReader, boundedCount } from '@citadel/engine-core';

export const RES_TYPES: Readonly<Record<number, string>> = {
  0: 'element',
  6: 'raw',
  8: 'integer',
  9: 'string',
  10: 'strarray',
  11: 'intarray',
  12: 'boolean',
  14: 'color',
  15: 'id',
  16: 'theme',
  17: 'plural',
  18: 'float',
  19: 'media',
  20: 'profile',
  22: 'pattern',
  23: 'symbol',
  24: 'res',
};

export const RES_KEY_TYPES: Readonly<Record<number, string>> = {
  0: 'language',
  1: 'region',
  2: 'resolution',
  3: 'orientation',
  4: 'device',
  5: 'script',
  6: 'colorMode',
  7: 'mcc',
  8: 'mnc',
  10: 'inputDevice',
};

const DEVICE_TYPES: Record<number, string> = { 0: 'phone', 1: 'tablet', 2: 'car', 4: 'tv', 6: 'wearable', 7: '2in1' };
const RESOLUTIONS: Record<number, string> = { 120: 'sdpi', 160: 'mdpi', 240: 'ldpi', 320: 'xldpi', 480: 'xxldpi', 640: 'xxxldpi' };

export interface ResConfigKey {
  type: number;
  typeName: string;
  value: number;
  /** Readable qualifier: "en", "US", "Hans", "phone", "dark", "xldpi", "460" … */
  text: string;
}

export interface ResEntry {
  id: number;
  type: number;
  typeName: string;
  name: string;
  /** The value as stored: text for strings/colors/numbers, a path for media/profile. */
  value: string;
}

export interface ResConfig {
  keys: ResConfigKey[];
  /** "base" for the default config, else the key texts joined like restool's directories: "en_US", "zh_CN", "phone-dark". */
  qualifier: string;
  entries: ResEntry[];
}

export interface ResourceIndex {
  version: string;
  fileSize: number;
  configs: ResConfig[];
}

const HEADER_SIZE = 136;
const MAX_CONFIGS = 10_000;
const MAX_KEYS = 64;
const MAX_IDS = 1_000_000;
/** Ids read over all configs: real tables hold resources × configs, far below this. */
const MAX_TOTAL_IDS = 5_000_000;

export function parseResourcesIndex(bytes: Uint8Array): ResourceIndex {
  const r = new ByteReader(bytes, 'resources.index');
  if (r.length < HEADER_SIZE) r.fail(`${r.length} bytes is shorter than the ${HEADER_SIZE}-byte header`, 0);
  const version = r.cstring(0, 128, 'latin1');
  if (version.startsWith('RestoolV2')) r.fail(`"${version}" table layout is not supported`, 0);
  if (!version.startsWith('Restool')) r.fail('not a restool resource table', 0);
  const fileSize = r.u32(128);
  if (fileSize > r.length) r.fail(`header file size ${fileSize} exceeds the ${r.length} bytes given`, 128);
  const count = boundedCount(r, r.u32(132), 'configs', MAX_CONFIGS, 12, 132, r.length - HEADER_SIZE);

  const entryCache = new Map<number, ResEntry>();
  const idSetCache = new Map<number, ResEntry[]>();
  const work = { ids: 0 };
  const configs: ResConfig[] = [];
  let p = HEADER_SIZE;
  for (let i = 0; i < count; i++) {
    if (r.ascii(p, 4) !== 'KEYS') r.fail(`config ${i} does not start with KEYS`, p);
    const idSetOffset = r.u32(p + 4);
    const keyCount = boundedCount(r, r.u32(p + 8), 'config keys', MAX_KEYS, 8, p + 8, r.length - p - 12);
    const keys: ResConfigKey[] = [];
    for (let k = 0; k < keyCount; k++) {
      const type = r.u32(p + 12 + k * 8);
      const value = r.u32(p + 16 + k * 8);
      keys.push({ type, typeName: RES_KEY_TYPES[type] ?? `key${type}`, value, text: keyText(type, value) });
    }
    p += 12 + keyCount * 8;
    let entries = idSetCache.get(idSetOffset);
    if (!entries) {
      entries = readIdSet(r, idSetOffset, entryCache, work);
      idSetCache.set(idSetOffset, entries);
    }
    configs.push({ keys, qualifier: qualifierOf(keys), entries });
  }
  return { version, fileSize, configs };
}

function readIdSet(r: ByteReader, at: number, cache: Map<number, ResEntry>, work: { ids: number }): ResEntry[] {
  if (r.ascii(at, 4) !== 'IDSS') r.fail('id set does not start with IDSS', at);
  const n = boundedCount(r, r.u32(at + 4), 'ids', MAX_IDS, 8, at + 4, r.length - at - 8);
  work.ids += n;
  if (work.ids > MAX_TOTAL_IDS) r.fail(`more than ${MAX_TOTAL_IDS} ids over all configs`, at);
  const entries: ResEntry[] = [];
  for (let i = 0; i < n; i++) {
    const id = r.u32(at + 8 + i * 8);
    const dataOffset = r.u32(at + 12 + i * 8);
    let entry = cache.get(dataOffset);
    if (!entry) {
      entry = readEntry(r, dataOffset);
      cache.set(dataOffset, entry);
    }
    if (entry.id !== id) r.fail(`id set names 0x${id.toString(16)} but the item holds 0x${entry.id.toString(16)}`, at + 8 + i * 8);
    entries.push(entry);
  }
  return entries;
}

function readEntry(r: ByteReader, at: number): ResEntry {
  const size = r.u32(at);
  r.check(at + 4, size, 'resource item');
  const item = r.slice(at + 4, size);
  const type = item.u32(0);
  const id = item.u32(4);
  const valueLen = item.u16(8);
  const value = Buffer.from(item.bytes(10, valueLen)).toString('utf8').replace(/\0$/, '');
  const nameLen = item.u16(10 + valueLen);
  const name = Buffer.from(item.bytes(12 + valueLen, nameLen)).toString('utf8').replace(/\0$/, '');
  return { id, type, typeName: RES_TYPES[type] ?? `type${type}`, name, value };
}

/** Language, region and script are characters packed into the value's low bytes, most significant first. */
function keyText(type: number, value: number): string {
  switch (type) {
    case 0:
    case 1:
    case 5: {
      let s = '';
      for (let v = value; v > 0; v = Math.floor(v / 256)) s = String.fromCharCode(v % 256) + s;
      return s;
    }
    case 2:
      return RESOLUTIONS[value] ?? String(value);
    case 3:
      return value === 0 ? 'vertical' : value === 1 ? 'horizontal' : String(value);
    case 4:
      return DEVICE_TYPES[value] ?? String(value);
    case 6:
      return value === 0 ? 'dark' : value === 1 ? 'light' : String(value);
    case 10:
      return value === 0 ? 'pointingdevice' : String(value);
    default:
      return String(value);
  }
}

function qualifierOf(keys: ResConfigKey[]): string {
  if (keys.length === 0) return 'base';
  const locale = ['language', 'script', 'region'].map((t) => keys.find((k) => k.typeName === t)?.text).filter(Boolean).join('_');
  const rest = keys.filter((k) => !['language', 'script', 'region'].includes(k.typeName)).map((k) => k.text);
  return [locale, ...rest].filter((x) => x !== '').join('-');
}
