/**
 * Which form a property-list-like input is in, from its first bytes, so a
 * caller can report "Info.plist is binary" and pick the right reader.
 */
import { BPLIST_MAGIC } from './binary-plist.ts';

export type PlistForm =
  /** bplist00 */
  | 'binary'
  /** bplist15/16/17 … (newer, undocumented binary forms); not read here. */
  | 'binary-unsupported'
  | 'xml'
  /** Old-style NeXTSTEP/OpenStep text ({ key = value; } or ( … )), as in .strings files; not read here. */
  | 'openstep'
  /** Readable text that is none of the above (JSON looks like OpenStep and is reported as such). */
  | 'text'
  | 'unknown';

/** How many leading bytes are looked at. */
const SNIFF_BYTES = 512;

function stripPrefix(text: string): string {
  let t = text.replace(/^\uFEFF/, '');
  // Leading whitespace and comments (OpenStep files often start with a comment block).
  for (let guard = 0; guard < 32; guard++) {
    const before = t;
    t = t.replace(/^\s+/, '');
    if (t.startsWith('/*')) {
      const end = t.indexOf('*/');
      t = end < 0 ? '' : t.slice(end + 2);
    } else if (t.startsWith('//')) {
      const end = t.indexOf('\n');
      t = end < 0 ? '' : t.slice(end + 1);
    }
    if (t === before) break;
  }
  return t;
}

function looksLikeText(bytes: Uint8Array): boolean {
  let control = 0;
  for (const b of bytes) if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)) control++;
  return control === 0;
}

export function detectPlistForm(bytes: Uint8Array): PlistForm {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const latin = Buffer.from(head.subarray(0, 8)).toString('latin1');
  if (latin === BPLIST_MAGIC) return 'binary';
  if (latin.startsWith('bplist')) return 'binary-unsupported';
  let text: string;
  if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0x00 && head[1] === 0x3c)) text = new TextDecoder('utf-16be').decode(head);
  else if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0x3c && head[1] === 0x00)) text = new TextDecoder('utf-16le').decode(head);
  else if (looksLikeText(head)) text = new TextDecoder('utf-8').decode(head);
  else return 'unknown';
  const t = stripPrefix(text);
  if (t.startsWith('<?xml') || t.startsWith('<!DOCTYPE plist') || t.startsWith('<plist')) return 'xml';
  if (t.startsWith('{') || t.startsWith('(') || t.startsWith('"')) return 'openstep';
  return t.length > 0 ? 'text' : 'unknown';
}
