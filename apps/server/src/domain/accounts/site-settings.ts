/**
 * Site settings (SPEC §3 site configuration) as the admin screen saves them.
 * Logos are data URLs of jpg or png images of at most 500 KB (SPEC §5, §9): the
 * declared type must match the file's own magic bytes, so a renamed SVG or HTML
 * file is refused however it is labelled.
 */
import type { SiteConfig } from '@citadel/contracts';
import { fail } from '../../http/app-error.ts';

export const MAX_IMAGE_BYTES = 500 * 1024;

const SIGNATURES: { mime: string; magic: number[] }[] = [
  { mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
];

const DATA_URL = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]*={0,2})$/;

/** Why a data URL is not an acceptable logo, or null when it is (empty = no logo). */
export function imageDataUrlProblem(value: string): string | null {
  if (value === '') return null;
  // Base64 of 500 KB is about 683 KB: anything far longer is refused before decoding.
  if (value.length > Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 64) return 'too large';
  const m = DATA_URL.exec(value);
  if (!m) return 'not a jpg or png data URL';
  const bytes = Buffer.from(m[2] ?? '', 'base64');
  if (bytes.length === 0) return 'empty';
  if (bytes.length > MAX_IMAGE_BYTES) return 'too large';
  const kind = SIGNATURES.find((s) => s.magic.every((b, i) => bytes[i] === b));
  if (!kind || kind.mime !== m[1]) return 'content is not the declared image type';
  return null;
}

/** The patch with every logo checked; a bad one is `image_invalid` naming the field. */
export function validateSiteSettings<T extends Partial<SiteConfig>>(patch: T): T {
  for (const field of ['bar_logo', 'logo_bottom'] as const) {
    const value = patch[field];
    if (value !== undefined && imageDataUrlProblem(value) !== null) fail('image_invalid', field);
  }
  return patch;
}
