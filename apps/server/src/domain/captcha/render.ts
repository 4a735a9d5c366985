/**
 * Draws a digit captcha: each digit from a 5×7 bitmap font, scaled, rotated and
 * shifted at random, over noise lines and speckles, so the answer exists only as
 * pixels (an SVG with <text> would hand it to any script).
 */
import { randomInt } from 'node:crypto';
import { encodePng } from './png.ts';

// 5×7 glyphs, one string of 7 rows per digit, '#' = ink.
const GLYPHS: Record<string, string[]> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '# #  ', '  #  ', '  #  ', '  #  ', '#####'],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
};

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;

class Canvas {
  readonly px: Uint8Array;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.px = new Uint8Array(w * h * 3);
  }
  fill([r, g, b]: [number, number, number]): void {
    for (let i = 0; i < this.px.length; i += 3) {
      this.px[i] = r;
      this.px[i + 1] = g;
      this.px[i + 2] = b;
    }
  }
  set(x: number, y: number, [r, g, b]: [number, number, number]): void {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= this.w || yi >= this.h) return;
    const o = (yi * this.w + xi) * 3;
    this.px[o] = r;
    this.px[o + 1] = g;
    this.px[o + 2] = b;
  }
  line(x0: number, y0: number, x1: number, y1: number, c: [number, number, number]): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
    for (let i = 0; i <= steps; i++) this.set(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, c);
  }
}

const rand = (min: number, max: number) => min + (randomInt(0, 10_000) / 10_000) * (max - min);
const darkColour = (): [number, number, number] => [randomInt(10, 110), randomInt(10, 110), randomInt(60, 160)];

export function randomDigits(length = 4): string {
  return Array.from({ length }, () => String(randomInt(0, 10))).join('');
}

export function renderCaptcha(text: string): Buffer {
  const c = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  c.fill([randomInt(225, 250), randomInt(230, 250), randomInt(235, 255)]);
  for (let i = 0; i < 120; i++) c.set(randomInt(0, c.w), randomInt(0, c.h), [randomInt(120, 210), randomInt(120, 210), randomInt(120, 210)]);
  const cell = c.w / (text.length + 1);
  [...text].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    const scale = rand(3.2, 3.9);
    const angle = rand(-0.35, 0.35);
    const shear = rand(-0.25, 0.25);
    const cx = cell * (i + 1) + rand(-4, 4);
    const cy = c.h / 2 + rand(-3, 3);
    const colour = darkColour();
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    // Walk the scaled glyph box in sub-pixel steps and map each inked point through rotation and shear.
    for (let gy = 0; gy < 7 * scale; gy += 0.5) {
      for (let gx = 0; gx < 5 * scale; gx += 0.5) {
        if (glyph[Math.floor(gy / scale)]?.[Math.floor(gx / scale)] !== '#') continue;
        const lx = gx - 2.5 * scale + shear * (gy - 3.5 * scale);
        const ly = gy - 3.5 * scale;
        c.set(cx + lx * cos - ly * sin, cy + lx * sin + ly * cos, colour);
      }
    }
  });
  for (let i = 0; i < 4; i++) c.line(randomInt(0, c.w), randomInt(0, c.h), randomInt(0, c.w), randomInt(0, c.h), darkColour());
  return encodePng(c.w, c.h, c.px);
}
