import { crc32 } from 'node:zlib';

/** Linux crc32(0xffffffff, data) as UBI and UBIFS store it: the standard CRC-32 without its final inversion. */
export const linuxCrc32 = (data: Uint8Array): number => ~crc32(data) >>> 0;
