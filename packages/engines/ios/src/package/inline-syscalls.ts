/**
 * Inline ptrace on arm64: apps hide ptrace(PT_DENY_ATTACH) from import
 * scanning by issuing the system call themselves — syscall number 26 in
 * x16/w16, then `svc #0x80`. Found by searching __text for the svc encoding
 * and looking a few instructions back for the `movz x16|w16, #26`.
 */
import { findSection, sectionBytes, type MachOImage } from '../formats/index.ts';

/** svc #0x80 = 0xd4001001, little-endian. */
const SVC_0X80 = Buffer.from([0x01, 0x10, 0x00, 0xd4]);
const MOVZ_X16_26 = 0xd2800350;
const MOVZ_W16_26 = 0x52800350;
const LOOK_BACK = 6;
const MAX_HITS = 20;

export function inlinePtraceSyscalls(image: MachOImage): number[] {
  if (image.header.cputype !== 0x0100000c || image.header.endian !== 'le') return [];
  const text = findSection(image, ['__TEXT'], '__text');
  if (!text) return [];
  const view = sectionBytes(image, text);
  const bytes = Buffer.from(view.buffer, view.byteOffset, view.byteLength);
  const hits: number[] = [];
  let at = bytes.indexOf(SVC_0X80);
  while (at >= 0 && hits.length < MAX_HITS) {
    if (at % 4 === 0) {
      for (let back = 1; back <= LOOK_BACK && at - back * 4 >= 0; back++) {
        const word = bytes.readUInt32LE(at - back * 4);
        if (word === MOVZ_X16_26 || word === MOVZ_W16_26) {
          hits.push(text.offset + at);
          break;
        }
      }
    }
    at = bytes.indexOf(SVC_0X80, at + 1);
  }
  return hits;
}
