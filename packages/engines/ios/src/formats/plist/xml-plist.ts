/**
 * XML property lists (<plist version="1.0">) into the shared PlistValue model.
 * Driven by the safe tokenizer in xml-tokenizer.ts; depth, node count and
 * text length are bounded by PlistLimits, so nesting bombs fail fast.
 */
import { FormatError } from '@citadel/engine-core';
import type { PlistLimits } from './limits.ts';
import type { PlistValue } from './value.ts';
import { decodeXmlBytes, isWhitespace, XmlTokenizer, type XmlToken } from './xml-tokenizer.ts';

/** Recursion is bounded by maxDepth; this hard cap keeps a caller's override from reaching the JS stack limit. */
const HARD_MAX_DEPTH = 2000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?Z$/;
const BASE64_BODY = /^[A-Za-z0-9+/=\s]*$/;

type OpenToken = Extract<XmlToken, { type: 'open' }>;

class XmlPlistParser {
  private nodes = 0;
  private readonly maxDepth: number;

  constructor(
    private readonly tokens: XmlTokenizer,
    private readonly limits: PlistLimits,
  ) {
    this.maxDepth = Math.min(limits.maxDepth, HARD_MAX_DEPTH);
  }

  /** The next token that is not whitespace-only text; null at end of input. */
  private nextSignificant(): XmlToken | null {
    for (;;) {
      const token = this.tokens.next();
      if (token === null || token.type !== 'text' || !isWhitespace(token.text)) return token;
    }
  }

  parseDocument(): PlistValue {
    const first = this.nextSignificant();
    if (first === null || first.type !== 'open') return this.tokens.fail('no root element', first?.offset ?? 0);
    let value: PlistValue;
    if (first.name === 'plist') {
      if (first.selfClosing) this.tokens.fail('empty <plist>', first.offset);
      const inner = this.nextSignificant();
      if (inner === null || inner.type !== 'open') return this.tokens.fail('<plist> holds no value', first.offset);
      value = this.parseValue(inner, 1);
      this.expectClose('plist');
    } else {
      value = this.parseValue(first, 1);
    }
    const trailing = this.nextSignificant();
    if (trailing !== null) this.tokens.fail('content after the root element', trailing.offset);
    return value;
  }

  private expectClose(name: string): void {
    const token = this.nextSignificant();
    if (token === null || token.type !== 'close' || token.name !== name) {
      this.tokens.fail(`expected </${name}>`, token?.offset);
    }
  }

  private parseValue(open: OpenToken, depth: number): PlistValue {
    if (depth > this.maxDepth) this.tokens.fail(`nesting deeper than ${this.maxDepth}`, open.offset);
    if (++this.nodes > this.limits.maxNodes) this.tokens.fail(`more than ${this.limits.maxNodes} values`, open.offset);
    switch (open.name) {
      case 'dict':
        return this.parseDict(open, depth);
      case 'array':
        return this.parseArray(open, depth);
      case 'string':
        return { kind: 'string', value: this.readText(open) };
      case 'integer':
        return { kind: 'int', value: this.parseInteger(this.readText(open).trim(), open.offset) };
      case 'real':
        return { kind: 'real', value: this.parseReal(this.readText(open).trim(), open.offset) };
      case 'true':
      case 'false':
        if (this.readText(open).trim() !== '') this.tokens.fail(`<${open.name}> must be empty`, open.offset);
        return { kind: 'bool', value: open.name === 'true' };
      case 'date':
        return { kind: 'date', value: parseIsoDate(this.readText(open).trim()) };
      case 'data':
        return { kind: 'data', value: this.parseData(this.readText(open), open.offset) };
      default:
        return this.tokens.fail(`unexpected element <${open.name}>`, open.offset);
    }
  }

  private parseDict(open: OpenToken, depth: number): PlistValue {
    const entries = new Map<string, PlistValue>();
    if (open.selfClosing) return { kind: 'dict', entries };
    for (;;) {
      const token = this.nextSignificant();
      if (token === null) return this.tokens.fail('unterminated <dict>', open.offset);
      if (token.type === 'close' && token.name === 'dict') return { kind: 'dict', entries };
      if (token.type !== 'open' || token.name !== 'key') return this.tokens.fail('expected <key> in <dict>', token.offset);
      const key = this.readText(token);
      const valueToken = this.nextSignificant();
      if (valueToken === null || valueToken.type !== 'open') return this.tokens.fail(`no value for key "${key}"`, token.offset);
      entries.set(key, this.parseValue(valueToken, depth + 1));
    }
  }

  private parseArray(open: OpenToken, depth: number): PlistValue {
    const items: PlistValue[] = [];
    if (open.selfClosing) return { kind: 'array', items };
    for (;;) {
      const token = this.nextSignificant();
      if (token === null) return this.tokens.fail('unterminated <array>', open.offset);
      if (token.type === 'close' && token.name === 'array') return { kind: 'array', items };
      if (token.type !== 'open') return this.tokens.fail('unexpected content in <array>', token.offset);
      items.push(this.parseValue(token, depth + 1));
    }
  }

  /** Text content of a leaf element (text and CDATA pieces joined); elements inside are refused. */
  private readText(open: OpenToken): string {
    if (open.selfClosing) return '';
    const parts: string[] = [];
    let length = 0;
    for (;;) {
      const token = this.tokens.next();
      if (token === null) return this.tokens.fail(`unterminated <${open.name}>`, open.offset);
      if (token.type === 'close') {
        if (token.name !== open.name) this.tokens.fail(`</${token.name}> closes <${open.name}>`, token.offset);
        return parts.length === 1 ? parts[0]! : parts.join('');
      }
      if (token.type === 'open') return this.tokens.fail(`element inside <${open.name}>`, token.offset);
      length += token.text.length;
      if (length > this.limits.maxStringLength) this.tokens.fail('text over the length limit', token.offset);
      parts.push(token.text);
    }
  }

  private parseInteger(text: string, offset: number): number | bigint {
    let big: bigint;
    if (/^[+-]?[0-9]{1,40}$/.test(text)) big = BigInt(text);
    else if (/^[+-]?0[xX][0-9a-fA-F]{1,32}$/.test(text)) big = text.startsWith('-') ? -BigInt(text.slice(1)) : BigInt(text.replace(/^\+/, ''));
    else return this.tokens.fail(`bad <integer> "${text.slice(0, 40)}"`, offset);
    return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
  }

  private parseReal(text: string, offset: number): number {
    const lower = text.toLowerCase();
    if (lower === 'nan') return Number.NaN;
    if (lower === 'inf' || lower === '+inf' || lower === 'infinity' || lower === '+infinity') return Number.POSITIVE_INFINITY;
    if (lower === '-inf' || lower === '-infinity') return Number.NEGATIVE_INFINITY;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) this.tokens.fail(`bad <real> "${text.slice(0, 40)}"`, offset);
    return Number(text);
  }

  private parseData(text: string, offset: number): Uint8Array {
    if (!BASE64_BODY.test(text)) this.tokens.fail('bad base64 in <data>', offset);
    return new Uint8Array(Buffer.from(text.replace(/\s+/g, ''), 'base64'));
  }
}

/** ISO 8601 as plists write it ("2017-01-27T08:36:00Z"); anything else is an invalid Date, not an error. */
function parseIsoDate(text: string): Date {
  return ISO_DATE.test(text) ? new Date(text) : new Date(Number.NaN);
}

export function parseXmlPlist(bytes: Uint8Array, limits: PlistLimits): PlistValue {
  if (bytes.length > limits.maxBytes) throw new FormatError(`${bytes.length} bytes over the limit of ${limits.maxBytes}`, 'plist-xml');
  const text = decodeXmlBytes(bytes);
  return new XmlPlistParser(new XmlTokenizer(text, limits.maxStringLength), limits).parseDocument();
}
