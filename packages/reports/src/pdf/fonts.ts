/**
 * The CJK font a PDF report embeds (a subset of it: only the glyphs the report
 * uses, so the text renders and extracts in every language). Looked up at run
 * time, in this order:
 *
 * 1. an explicit path (tests), then CITADEL_REPORT_FONT — an administrator's
 *    choice of TTF/OTF/TTC; a configured file that does not exist is an error,
 *    never silently replaced;
 * 2. Debian's fonts-noto-cjk (a collection with a face per region, so Japanese
 *    and Traditional Chinese get their own glyph forms);
 * 3. the Noto Sans CJK SC faces shipped in the npm package @embedpdf/fonts-sc
 *    (SIL OFL 1.1), installed by `npm ci` — so PDF works on a machine without
 *    any system CJK font. Its character set (Adobe-GB1, 30,789 characters)
 *    covers Simplified and Traditional Chinese and Japanese kana and kanji,
 *    drawn in the Simplified Chinese forms.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locale } from '@citadel/contracts';

export class FontNotFoundError extends Error {
  constructor(readonly tried: string[]) {
    super(`No CJK font for PDF reports: tried ${tried.join(', ')}. Run npm ci (it installs @embedpdf/fonts-sc), install Debian's fonts-noto-cjk, or set CITADEL_REPORT_FONT to a TTF/OTF/TTC font file.`);
    this.name = 'FontNotFoundError';
  }
}

export const SYSTEM_FONTS = [
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

export interface FontFace {
  path: string;
  /** The PostScript name of the face inside a collection (.ttc). */
  family?: string;
}

export interface FontChoice {
  regular: FontFace;
  bold: FontFace;
  /** Where the font came from, for the administrator's log. */
  source: 'configured' | 'system' | 'bundled';
}

/** The Regular face of the bundled npm font, or undefined when the package is not installed. */
export function bundledFont(): string | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    const file = path.join(path.dirname(entry), '..', 'fonts', 'NotoSansHans-Regular.otf');
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

function choose(p: string, locale: Locale, source: FontChoice['source']): FontChoice {
  const collection = p.toLowerCase().endsWith('.ttc');
  const regular = { path: p, ...(collection ? { family: `${FACES[locale]}-Regular` } : {}) };
  const boldPath = p.replace(/Regular(\.tt[cf]|\.otf)$/i, 'Bold$1');
  const bold = boldPath !== p && existsSync(boldPath) ? { path: boldPath, ...(collection ? { family: `${FACES[locale]}-Bold` } : {}) } : regular;
  return { regular, bold, source };
}

/**
 * The font for a report in `locale`. `system` lists the system fonts to try
 * (tests pass [] to see what a machine without fonts-noto-cjk gets).
 */
export function findCjkFont(locale: Locale, explicit?: string, system: readonly string[] = SYSTEM_FONTS): FontChoice {
  const configured = explicit ?? process.env.CITADEL_REPORT_FONT;
  if (configured) {
    if (existsSync(configured)) return choose(configured, locale, 'configured');
    throw new FontNotFoundError([configured]);
  }
  const tried: string[] = [];
  for (const p of system) {
    tried.push(p);
    if (existsSync(p)) return choose(p, locale, 'system');
  }
  const bundled = bundledFont();
  if (bundled) return choose(bundled, locale, 'bundled');
  tried.push('@embedpdf/fonts-sc');
  throw new FontNotFoundError(tried);
}
