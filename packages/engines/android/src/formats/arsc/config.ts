/**
 * ResTable_config: the qualifiers of one set of resource values (language,
 * region, density, SDK level …), rendered the way res/ folder names are
 * ("", "fr", "zh-rCN", "hdpi-v4", "night").
 */
import type { ByteReader } from '@citadel/engine-core';

export interface ResourceConfig {
  /** e.g. "" for the default configuration, "zh-rCN", "hdpi-v4". */
  qualifiers: string;
  language: string;
  region: string;
  density: number;
  sdkVersion: number;
}

const DENSITIES: Record<number, string> = { 120: 'ldpi', 160: 'mdpi', 213: 'tvdpi', 240: 'hdpi', 320: 'xhdpi', 480: 'xxhdpi', 640: 'xxxhdpi', 0xfffe: 'anydpi', 0xffff: 'nodpi' };
const ORIENTATIONS = ['', 'port', 'land', 'square'];
const NIGHT = ['', 'notnight', 'night'];

/** Two-byte language/region code; the high bit marks a packed three-letter code. */
function unpackLocale(r: ByteReader, at: number, base: number): string {
  const a = r.u8(at);
  const b = r.u8(at + 1);
  if (a === 0 && b === 0) return '';
  if (a & 0x80) {
    const c1 = b & 0x1f;
    const c2 = ((b >> 5) & 0x7) | ((a & 0x3) << 3);
    const c3 = (a >> 2) & 0x1f;
    return String.fromCharCode(base + c1, base + c2, base + c3);
  }
  return String.fromCharCode(a, b);
}

/** Reads the config at `at` whose own size field says how much of it the file carries. */
export function readConfig(r: ByteReader, at: number, limit: number): ResourceConfig {
  const size = r.u32(at);
  const avail = Math.min(size, limit - at);
  const has = (off: number, n: number): boolean => off + n <= avail;
  const language = has(8, 2) ? unpackLocale(r, at + 8, 0x61) : '';
  const region = has(10, 2) ? unpackLocale(r, at + 10, 0x30) : '';
  const orientation = has(12, 1) ? r.u8(at + 12) : 0;
  const density = has(14, 2) ? r.u16(at + 14) : 0;
  const sdkVersion = has(26, 2) ? r.u16(at + 24) : 0;
  const uiMode = has(30, 1) ? r.u8(at + 29) : 0;
  const parts: string[] = [];
  const mcc = has(4, 2) ? r.u16(at + 4) : 0;
  if (mcc) parts.push(`mcc${mcc}`);
  if (language) parts.push(language);
  if (region) parts.push(`r${region}`);
  const orient = ORIENTATIONS[orientation];
  if (orient) parts.push(orient);
  const night = NIGHT[(uiMode >> 4) & 0x3];
  if (night) parts.push(night);
  const dens = DENSITIES[density];
  if (density) parts.push(dens ?? `${density}dpi`);
  if (sdkVersion) parts.push(`v${sdkVersion}`);
  return { qualifiers: parts.join('-'), language, region, density, sdkVersion };
}
