/**
 * The CJK font a PDF report embeds (a subset of it, so the text renders and
 * extracts in every language). Looked up at run time: an explicit path, then
 * CITADEL_REPORT_FONT, then Debian's fonts-noto-cjk. A collection (.ttc) needs
 * the PostScript name of the face; each CJK language has its own regional face.
 */
import { existsSync } from 'node:fs';
import type { Locale } from '@citadel/contracts';

export class FontNotFoundError extends Error {
  constructor(tried: string[]) {
    super(`No CJK font for PDF reports: tried ${tried.join(', ')}. Install Debian's fonts-noto-cjk or set CITADEL_REPORT_FONT to a TTF/OTF/TTC font file.`);
    this.name = 'FontNotFoundError';
  }
}

const CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
];

const FACES: Record<Locale, string> = {
  'zh-CN': 'NotoSansCJKsc',
  en: 'NotoSansCJKsc',
  'zh-TW': 'NotoSansCJKtc',
  ja: 'NotoSansCJKjp',
};

export interface FontChoice {
  regular: { path: string; family?: string };
  bold: { path: string; family?: string };
}

export function findCjkFont(locale: Locale, explicit?: string): FontChoice {
  const tried: string[] = [];
  const configured = explicit ?? process.env.CITADEL_REPORT_FONT;
  const paths = configured ? [configured] : CANDIDATES;
  for (const p of paths) {
    tried.push(p);
    if (!existsSync(p)) continue;
    const collection = p.toLowerCase().endsWith('.ttc');
    const regular = { path: p, ...(collection ? { family: `${FACES[locale]}-Regular` } : {}) };
    const boldPath = p.replace(/Regular(\.tt[cf]|\.otf)$/i, 'Bold$1');
    const bold = boldPath !== p && existsSync(boldPath) ? { path: boldPath, ...(collection ? { family: `${FACES[locale]}-Bold` } : {}) } : regular;
    return { regular, bold };
  }
  throw new FontNotFoundError(tried);
}
