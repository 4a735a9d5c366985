/**
 * accepts(): which platform a file would be assessed as, from its name and
 * first bytes only. The ZIP local headers in the head name the first entries:
 * config.json, assets/js/ or classes.dex mean the FA model (harmony);
 * module.json or ets/ mean Stage (harmony_next). When the head does not tell,
 * .hap/.hsp/.app default to Stage, today's model; run() decides from the
 * central directory.
 */
import type { Platform } from '@citadel/contracts';
import { kindFromName } from './open-package.ts';

const LOCAL_HEADER = 0x04034b50;

export function hasZipMagic(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/** Names of the local file headers that fit in `head`. */
export function headEntryNames(head: Uint8Array, max = 64): string[] {
  const dv = new DataView(head.buffer, head.byteOffset, head.length);
  const names: string[] = [];
  let at = 0;
  while (names.length < max && at + 30 <= head.length && dv.getUint32(at, true) === LOCAL_HEADER) {
    const compressed = dv.getUint32(at + 18, true);
    const nameLength = dv.getUint16(at + 26, true);
    const extraLength = dv.getUint16(at + 28, true);
    if (at + 30 + nameLength > head.length) break;
    names.push(Buffer.from(head.subarray(at + 30, at + 30 + nameLength)).toString('utf8'));
    if ((dv.getUint16(at + 6, true) & 0x08) !== 0) break; // sizes in a data descriptor: the next header's place is unknown
    at += 30 + nameLength + extraLength + compressed;
  }
  return names;
}

export function detectPlatform(fileName: string, head: Uint8Array): Platform | undefined {
  if (!hasZipMagic(head) || !kindFromName(fileName)) return undefined;
  const names = headEntryNames(head);
  if (names.some((n) => n === 'config.json' || n.startsWith('assets/js/') || /(?:^|\/)classes\d*\.dex$/.test(n))) return 'harmony';
  return 'harmony_next';
}
