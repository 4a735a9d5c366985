/**
 * Registers the report fonts on a pdfkit document with the fast layout of
 * fast-layout.ts. The parsed font (fontkit) and its shaper are kept for the
 * life of the process: a CJK collection is tens of megabytes, and re-reading
 * and re-parsing it for every report cost time and memory. Each document still
 * embeds its own subset of the glyphs it uses.
 *
 * pdfkit accepts an already parsed fontkit font as a font source; the layout
 * of its per-document font object is replaced. If a pdfkit upgrade changes that
 * object, the font is left alone and text is shaped the slow way, still correctly.
 */
import { FastShaper, type ShapingFont } from './fast-layout.ts';

type Pdf = PDFKit.PDFDocument;

interface Loaded {
  font: ShapingFont;
  shaper: FastShaper;
}
const loaded = new Map<string, Loaded>();

/** pdfkit's EmbeddedFont, as far as it is used here. */
interface EmbeddedFont {
  font?: ShapingFont;
  layout?: (text: string, features?: unknown, onlyWidth?: boolean) => unknown;
}

/** Registers `name` and makes it the current font; returns whether the fast layout is in use. */
export function registerFastFont(pdf: Pdf, name: string, path: string, family?: string): boolean {
  const key = `${path}\u0000${family ?? ''}`;
  const cached = loaded.get(key);
  if (cached) pdf.registerFont(name, cached.font as unknown as string);
  else pdf.registerFont(name, path, family as string);
  pdf.font(name);
  const embedded = (pdf as unknown as { _font?: EmbeddedFont })._font;
  const font = embedded?.font;
  if (!embedded || !font || typeof embedded.layout !== 'function' || typeof font.layout !== 'function' || typeof font.glyphForCodePoint !== 'function') return false;
  let entry = cached;
  if (!entry) {
    entry = { font, shaper: new FastShaper(font) };
    loaded.set(key, entry);
  }
  const original = embedded.layout.bind(embedded);
  const shaper = entry.shaper;
  // Feature overrides (never used by the reports) keep pdfkit's own path.
  embedded.layout = (text, features, onlyWidth) => (features ? original(text, features, onlyWidth) : shaper.layout(text, onlyWidth));
  return true;
}

/** The shaper of a registered font, for tests. */
export function shaperOf(path: string, family?: string): FastShaper | undefined {
  return loaded.get(`${path}\u0000${family ?? ''}`)?.shaper;
}
