/** Paths of the shared real firmware images (../shared/corpus/firmware); tests skip when absent. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../../../../../../shared/corpus/firmware/', import.meta.url));

export const FIRMWARE_CORPUS = {
  tplink: `${DIR}wr841nv10_wr841ndv10_en_3_16_9_up_boot(150310).bin`,
  huawei: `${DIR}HG532eV100R001C01B020_upgrade_packet.bin`,
} as const;

export const hasImage = (p: string): boolean => existsSync(p);
