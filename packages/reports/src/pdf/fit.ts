/**
 * Line breaks inside tokens wider than their column (a 10,000-character
 * name, a long class path), chosen by measured width.
 *
 * pdfkit wraps at the break opportunities of UAX #14 (spaces, between CJK
 * characters, after hyphens …) and splits a word wider than the whole line by
 * re-measuring ever longer prefixes of it — quadratic in the word, minutes for
 * one 20,000-character snippet. An earlier fix inserted a zero-width space
 * every 40 characters; the embedded font has no glyph for it, so it printed as
 * a box inside words (`WRITE_EXTERNAL_STORAG☐E`, hashes split in two, even
 * Chinese sentences) and copied out as a space.
 *
 * Here nothing is inserted: only a run of characters that has no break
 * opportunity and is wider than the column is cut, into pieces that each fit
 * the column, at a line end ("\n", a required break pdfkit turns into a new
 * line, not a glyph). A token that fits its column is never touched, so a
 * hash or package name comes out of the PDF exactly as it went in.
 */
type Pdf = PDFKit.PDFDocument;

/**
 * Runs without a break opportunity pdfkit would use: no white space and no
 * CJK character (between which UAX #14 always allows a break).
 */
const UNBROKEN = /[^\s\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]+/g;
/** Measured pieces are kept a little narrower than the column: per-character widths ignore kerning. */
const SLACK = 0.97;

/**
 * `text` with a line end inside every unbroken run wider than `width`, for
 * the font and size currently set on `pdf`.
 */
export function fitWidth(pdf: Pdf, text: string, width: number): string {
  if (!text || width <= 0) return text;
  const limit = width * SLACK;
  return text.replace(UNBROKEN, (run) => {
    if (run.length <= 4 || pdf.widthOfString(run) <= limit) return run;
    return split(pdf, run, limit);
  });
}

function split(pdf: Pdf, run: string, limit: number): string {
  const widths = new Map<string, number>();
  const pieces: string[] = [];
  let start = 0;
  let used = 0;
  let i = 0;
  while (i < run.length) {
    const cp = run.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    let w = widths.get(ch);
    if (w === undefined) {
      w = pdf.widthOfString(ch);
      widths.set(ch, w);
    }
    if (used + w > limit && i > start) {
      pieces.push(run.slice(start, i));
      start = i;
      used = 0;
    }
    used += w;
    i += ch.length;
  }
  pieces.push(run.slice(start));
  return pieces.join('\n');
}
