/**
 * A deliberately small XML tokenizer for property lists. It is not a general
 * XML parser and refuses what plists never need and attackers love:
 *  - no DTD processing: a DOCTYPE is skipped, a DOCTYPE with an internal subset
 *    ("[ ... ]", where entities are declared) is refused;
 *  - no entity expansion beyond the five predefined entities and numeric
 *    character references, so no "billion laughs";
 *  - every token is found with indexOf (linear time), text is capped in length.
 * Depth and node limits belong to the plist parser that drives it.
 */
import { FormatError } from '@citadel/engine-core';

export type XmlToken =
  | { type: 'open'; name: string; selfClosing: boolean; offset: number }
  | { type: 'close'; name: string; offset: number }
  | { type: 'text'; text: string; offset: number };

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const MAX_NAME_LENGTH = 256;
/** Longest entity reference we look for, e.g. "&#x10FFFF;". */
const MAX_ENTITY_LENGTH = 12;

function isNameChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) ||
    code === 0x5f || code === 0x3a || code === 0x2e || code === 0x2d
  );
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

export function isWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

export class XmlTokenizer {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly maxTextLength: number,
  ) {}

  fail(message: string, offset = this.pos): never {
    throw new FormatError(message, 'plist-xml', offset);
  }

  /** The next token, or null at the end of input. Comments, PIs and the DOCTYPE are skipped. */
  next(): XmlToken | null {
    const text = this.text;
    while (this.pos < text.length) {
      const start = this.pos;
      if (text.charCodeAt(start) !== 0x3c /* < */) {
        let end = text.indexOf('<', start);
        if (end < 0) end = text.length;
        this.pos = end;
        return { type: 'text', text: this.decodeText(start, end), offset: start };
      }
      if (text.startsWith('<!--', start)) {
        this.pos = this.skipPast('-->', start + 4, 'comment');
      } else if (text.startsWith('<![CDATA[', start)) {
        const end = text.indexOf(']]>', start + 9);
        if (end < 0) this.fail('unterminated CDATA section', start);
        this.checkTextLength(end - start - 9, start);
        this.pos = end + 3;
        return { type: 'text', text: text.slice(start + 9, end), offset: start };
      } else if (text.startsWith('<?', start)) {
        this.pos = this.skipPast('?>', start + 2, 'processing instruction');
      } else if (text.startsWith('<!DOCTYPE', start)) {
        this.pos = this.skipDoctype(start);
      } else if (text.startsWith('<!', start)) {
        this.fail('markup declarations are not supported', start);
      } else if (text.startsWith('</', start)) {
        const [name, after] = this.readName(start + 2);
        const gt = this.skipSpaces(after);
        if (text.charCodeAt(gt) !== 0x3e) this.fail(`malformed end tag </${name}`, start);
        this.pos = gt + 1;
        return { type: 'close', name, offset: start };
      } else {
        return this.readStartTag(start);
      }
    }
    return null;
  }

  private readStartTag(start: number): XmlToken {
    const text = this.text;
    const [name, afterName] = this.readName(start + 1);
    let i = afterName;
    // Attributes are skipped (plists only carry version="1.0"), but quoted values
    // are honoured so that a ">" inside one does not end the tag.
    for (;;) {
      i = this.skipSpaces(i);
      if (i >= text.length) this.fail(`unterminated start tag <${name}`, start);
      const code = text.charCodeAt(i);
      if (code === 0x3e) {
        this.pos = i + 1;
        return { type: 'open', name, selfClosing: false, offset: start };
      }
      if (code === 0x2f && text.charCodeAt(i + 1) === 0x3e) {
        this.pos = i + 2;
        return { type: 'open', name, selfClosing: true, offset: start };
      }
      const [, afterAttr] = this.readName(i);
      i = this.skipSpaces(afterAttr);
      if (text.charCodeAt(i) !== 0x3d /* = */) this.fail(`malformed attribute in <${name}`, i);
      i = this.skipSpaces(i + 1);
      const quote = text[i];
      if (quote !== '"' && quote !== "'") this.fail(`unquoted attribute value in <${name}`, i);
      const close = text.indexOf(quote, i + 1);
      if (close < 0) this.fail(`unterminated attribute value in <${name}`, i);
      i = close + 1;
    }
  }

  private readName(from: number): [string, number] {
    let i = from;
    while (i < this.text.length && isNameChar(this.text.charCodeAt(i))) {
      i++;
      if (i - from > MAX_NAME_LENGTH) this.fail('element name too long', from);
    }
    if (i === from) this.fail('expected a name', from);
    return [this.text.slice(from, i), i];
  }

  private skipSpaces(from: number): number {
    let i = from;
    while (i < this.text.length && isSpace(this.text.charCodeAt(i))) i++;
    return i;
  }

  private skipPast(terminator: string, from: number, what: string): number {
    const end = this.text.indexOf(terminator, from);
    if (end < 0) this.fail(`unterminated ${what}`, from);
    return end + terminator.length;
  }

  /** Skips <!DOCTYPE ...>, refusing an internal subset: that is where entities would be declared. */
  private skipDoctype(start: number): number {
    const text = this.text;
    let quote = 0;
    for (let i = start + 9; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (quote !== 0) {
        if (code === quote) quote = 0;
      } else if (code === 0x22 || code === 0x27) {
        quote = code;
      } else if (code === 0x5b /* [ */) {
        this.fail('DOCTYPE internal subsets (entity declarations) are not supported', i);
      } else if (code === 0x3e) {
        return i + 1;
      }
    }
    return this.fail('unterminated DOCTYPE', start);
  }

  private checkTextLength(length: number, offset: number): void {
    if (length > this.maxTextLength) this.fail(`text of ${length} characters over the limit of ${this.maxTextLength}`, offset);
  }

  private decodeText(start: number, end: number): string {
    this.checkTextLength(end - start, start);
    const raw = this.text.slice(start, end);
    if (raw.indexOf('&') < 0) return raw;
    let out = '';
    let i = 0;
    for (;;) {
      const amp = raw.indexOf('&', i);
      if (amp < 0) return out + raw.slice(i);
      out += raw.slice(i, amp);
      const semi = raw.indexOf(';', amp + 1);
      if (semi < 0 || semi - amp > MAX_ENTITY_LENGTH) this.fail('malformed entity reference', start + amp);
      out += this.decodeEntity(raw.slice(amp + 1, semi), start + amp);
      i = semi + 1;
    }
  }

  private decodeEntity(body: string, offset: number): string {
    const named = PREDEFINED_ENTITIES[body];
    if (named !== undefined && Object.hasOwn(PREDEFINED_ENTITIES, body)) return named;
    let codePoint = Number.NaN;
    if (/^#[0-9]{1,7}$/.test(body)) codePoint = Number.parseInt(body.slice(1), 10);
    else if (/^#x[0-9a-fA-F]{1,6}$/.test(body)) codePoint = Number.parseInt(body.slice(2), 16);
    else this.fail(`unknown entity &${body};`, offset);
    const valid = codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff);
    if (!valid) this.fail(`invalid character reference &${body};`, offset);
    return String.fromCodePoint(codePoint);
  }
}

/** Decodes XML bytes to text: UTF-16 when a BOM or the "<?" pattern says so, else UTF-8. */
export function decodeXmlBytes(bytes: Uint8Array): string {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xfe && b1 === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (b0 === 0xff && b1 === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (b0 === 0x00 && b1 === 0x3c) return new TextDecoder('utf-16be').decode(bytes);
  if (b0 === 0x3c && b1 === 0x00) return new TextDecoder('utf-16le').decode(bytes);
  return new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
}
