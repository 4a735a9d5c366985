/**
 * A faster text layout for pdfkit's embedded fonts. pdfkit (0.20) shapes text
 * through fontkit's OpenType engine and caches the result per space-separated
 * word; Chinese and Japanese have no spaces, so every line was shaped from
 * scratch through every lookup of a CJK font (most of a report's run time)
 * and every line stayed in the cache for the life of the document.
 *
 * Here a CJK character whose glyph no shaping feature touches (see
 * context-free.ts) is placed straight from the cmap with its advance, cached
 * per code point; the text between such characters is shaped by fontkit as
 * before — split at spaces exactly like pdfkit, so Latin keeps its kerning and
 * ligatures — and cached per piece in a bounded cache; features that cannot
 * act on a piece are switched off for it, which fontkit cannot tell by itself. The result has the
 * shape pdfkit's own EmbeddedFont.layout returns (positions in 1/1000 em).
 */
import { type TouchedGlyphs, featuresThatCanFire, touchedGlyphs } from './context-free.ts';

export interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
export interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
export interface Run {
  glyphs: Glyph[];
  positions: Position[];
  advanceWidth: number;
}
/** The part of a fontkit font used here. */
export interface ShapingFont {
  unitsPerEm: number;
  glyphForCodePoint(cp: number): Glyph;
  glyphsForString(text: string): Glyph[];
  /** A legacy kern table, applied unless the kern feature is switched off. */
  kern?: unknown;
  layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: Omit<Position, 'advanceWidth'>[] };
  GDEF?: { glyphClassDef?: unknown } | null;
}

type Placed = { glyph: Glyph; position: Position } | null;

/** Longest piece kept in the cache, and how many pieces it holds before it starts over. */
const MAX_CACHED_PIECE = 200;
const MAX_CACHED_PIECES = 20_000;

/** Per fontkit font: what shaping touches, placed CJK glyphs, shaped pieces. Shared by every document using the font. */
export class FastShaper {
  readonly analysis: TouchedGlyphs;
  private readonly placed = new Map<number, Placed>();
  private readonly pieces = new Map<string, Run>();
  private readonly scale: number;

  constructor(private readonly font: ShapingFont) {
    this.analysis = touchedGlyphs(font);
    this.scale = 1000 / font.unitsPerEm;
  }

  /** pdfkit's EmbeddedFont.layout(text, features, onlyWidth). */
  layout(text: string, onlyWidth = false): Run {
    const glyphs: Glyph[] = [];
    const positions: Position[] = [];
    let width = 0;
    let start = 0; // start of the piece still to shape
    const shapePiece = (end: number) => {
      if (end <= start) return;
      const run = this.shaped(text.slice(start, end));
      width += run.advanceWidth;
      if (!onlyWidth) {
        for (const g of run.glyphs) glyphs.push(g);
        for (const p of run.positions) positions.push(p);
      }
      start = end;
    };
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i)!;
      const size = cp > 0xffff ? 2 : 1;
      const placed = this.place(cp, text.codePointAt(i + size));
      if (placed) {
        shapePiece(i);
        width += placed.position.xAdvance;
        if (!onlyWidth) {
          glyphs.push(placed.glyph);
          positions.push(placed.position);
        }
        start = i + size;
      } else if (cp === 0x20 || cp === 0x09) {
        // pdfkit's word boundary: the space ends the word it follows.
        shapePiece(i + 1);
      }
      i += size;
    }
    shapePiece(text.length);
    return { glyphs, positions, advanceWidth: width };
  }

  /** The glyph of a CJK character shaping cannot change, or null. */
  private place(cp: number, next: number | undefined): Placed {
    if (!this.analysis.safe || !isCjk(cp) || (next !== undefined && isVariationSelector(next))) return null;
    let placed = this.placed.get(cp);
    if (placed !== undefined) return placed;
    const glyph = this.font.glyphForCodePoint(cp);
    placed = null;
    if (glyph.id !== 0 && !this.analysis.touched.has(glyph.id) && glyphClass(this.font.GDEF?.glyphClassDef, glyph.id) !== MARK_CLASS) {
      const advance = glyph.advanceWidth * this.scale;
      placed = { glyph, position: { xAdvance: advance, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: advance } };
    }
    this.placed.set(cp, placed);
    return placed;
  }

  /**
   * Features no lookup of which can act on this piece, switched off: fontkit
   * otherwise walks every glyph through every lookup (hundreds of subtables in
   * a CJK font's ccmp) for nothing. The result is the same either way.
   */
  private switchedOff(piece: string): Record<string, boolean> | undefined {
    if (!this.analysis.safe) return undefined;
    const on = featuresThatCanFire(this.analysis.features, this.font.glyphsForString(piece).map((g) => g.id));
    const off: Record<string, boolean> = {};
    for (const f of this.analysis.features) if (!on.has(f.tag) && !(f.tag === 'kern' && this.font.kern)) off[f.tag] = false;
    return off;
  }

  private shaped(piece: string): Run {
    const cached = this.pieces.get(piece);
    if (cached) return cached;
    const run = this.font.layout(piece, this.switchedOff(piece));
    const positions = run.positions.map((p, i) => ({
      xAdvance: p.xAdvance * this.scale,
      yAdvance: p.yAdvance * this.scale,
      xOffset: p.xOffset * this.scale,
      yOffset: p.yOffset * this.scale,
      advanceWidth: run.glyphs[i]!.advanceWidth * this.scale,
    }));
    const result: Run = { glyphs: run.glyphs, positions, advanceWidth: positions.reduce((w, p) => w + p.xAdvance, 0) };
    if (piece.length <= MAX_CACHED_PIECE) {
      if (this.pieces.size >= MAX_CACHED_PIECES) this.pieces.clear();
      this.pieces.set(piece, result);
    }
    return result;
  }
}

/**
 * Han ideographs (with extensions and compatibility forms), kana, CJK
 * punctuation and fullwidth forms: scripts without contextual shaping. Hangul
 * is left out (fontkit composes jamo), as are the combining kana voicing marks.
 */
function isCjk(cp: number): boolean {
  if (cp < 0x3000) return false;
  if (cp <= 0x30ff) return cp !== 0x3099 && cp !== 0x309a && !(cp >= 0x302a && cp <= 0x302f);
  return (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xff01 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x20000 && cp <= 0x3ffff);
}

/** A variation selector picks another glyph for the character before it (cmap format 14). */
function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef) || (cp >= 0x180b && cp <= 0x180d);
}

const MARK_CLASS = 3;

/** The GDEF class of a glyph (1 base, 2 ligature, 3 mark, 4 component). */
function glyphClass(def: unknown, glyph: number): number {
  if (!def || typeof def !== 'object') return 0;
  const d = def as { startGlyph?: number; classValueArray?: ArrayLike<number>; classRangeRecord?: ArrayLike<{ start: number; end: number; class: number }> };
  if (d.classValueArray && d.startGlyph !== undefined) {
    const v = d.classValueArray[glyph - d.startGlyph];
    return v ?? 0;
  }
  const ranges = d.classRangeRecord;
  if (ranges) for (let i = 0; i < ranges.length; i++) if (ranges[i]!.start <= glyph && glyph <= ranges[i]!.end) return ranges[i]!.class;
  return 0;
}
