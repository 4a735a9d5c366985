import { LOCALES } from '@citadel/contracts';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { LABELS } from '../../model/labels.ts';
import { HOSTILE, syntheticRule } from '../../test-support/index.ts';
import { bundledFont, findCjkFont } from '../fonts.ts';
import { registerFastFont, shaperOf } from './install.ts';

const systemFont = (() => {
  try {
    const f = findCjkFont('zh-CN');
    return f.source === 'system' ? f.regular : undefined;
  } catch {
    return undefined;
  }
})();
/** Debian's Noto Sans CJK collection and the npm package's Noto Sans CJK SC (the font of a machine without fonts-noto-cjk). */
const FONTS = [
  ['system Noto Sans CJK', systemFont],
  ['bundled Noto Sans CJK SC', bundledFont() ? { path: bundledFont()! } : undefined],
] as const;

type Layout = (text: string) => { glyphs: { id: number }[]; positions: Record<string, number>[]; advanceWidth: number };

/** pdfkit's own layout of the same font (no fast path): the reference. */
function pdfkitLayout(path: string, family?: string): Layout {
  const pdf = new PDFDocument({ fontLayoutCache: false } as PDFKit.PDFDocumentOptions);
  pdf.registerFont('ref', path, family as string);
  pdf.font('ref');
  const embedded = (pdf as unknown as { _font: { layout: Layout } })._font;
  return (t) => embedded.layout(t);
}

const samples = [
  ...LOCALES.flatMap((l) => Object.values(LABELS[l]).filter((v): v is string => typeof v === 'string')),
  ...LOCALES.flatMap((l) => Object.values(syntheticRule('android.x', 7)).flatMap((v) => (typeof v === 'object' && v && l in v ? [(v as Record<string, string>)[l]!] : []))),
  'office affine AVATAR Wa To fi', '检查。「引用」、（括号）！？', 'ひらがな カタカナ ゲーム', '安全检测，结果：通过。',
  HOSTILE.script, HOSTILE.emoji, HOSTILE.rtl,
];

describe.each(FONTS)('fast CJK layout with the %s', (_name, font) => {
  if (!font) return void it.skip('font not installed', () => undefined);
  const fast = new PDFDocument({ fontLayoutCache: false } as PDFKit.PDFDocumentOptions);
  const active = registerFastFont(fast, 'body', font!.path, (font as { family?: string }).family);
  const reference = pdfkitLayout(font!.path, (font as { family?: string }).family);
  const layout = (fast as unknown as { _font: { layout: Layout } })._font.layout;

  it('is in use, the font\'s ideographs being touched by no default feature', () => {
    expect(active).toBe(true);
    const shaper = shaperOf(font!.path, (font as { family?: string }).family)!;
    expect(shaper.analysis.safe).toBe(true);
  });

  it.each(samples.map((s) => [s]))('lays out %j exactly as pdfkit does', (text) => {
    const got = layout(text);
    const want = reference(text);
    expect(got.glyphs.map((g) => g.id)).toEqual(want.glyphs.map((g) => g.id));
    expect(got.positions.map((p) => [p.xAdvance, p.xOffset, p.yOffset, p.advanceWidth])).toEqual(want.positions.map((p) => [p.xAdvance, p.xOffset, p.yOffset, p.advanceWidth]));
    expect(got.advanceWidth).toBeCloseTo(want.advanceWidth, 6);
  });

  it('keeps combining kana voicing marks and variation selectors with their base', () => {
    for (const text of ['か\u3099', '葛\u{E0100}', '中\uFE00文']) expect(layout(text).glyphs.map((g) => g.id)).toEqual(reference(text).glyphs.map((g) => g.id));
  });
});
