/**
 * A small, bounded JavaScript tokenizer: enough syntax to tell code from
 * comments, string/template literals and regular expressions, so the checks
 * match `wx.getLocation(` in code and not in a comment or a string.
 *
 * One pass, no recursion, no backtracking, no token array: tokens go to a
 * callback as (kind, start, end). Memory is the template-nesting stack,
 * capped at MAX_TEMPLATE_DEPTH. Malformed input (unterminated strings,
 * comments or templates) ends the token at the end of the line or text;
 * nothing throws. Regex-vs-division is decided from the previous token, the
 * usual heuristic; a wrong guess only mis-classifies until the next line.
 */

export type TokenKind = 'ident' | 'string' | 'template' | 'number' | 'regex' | 'punct';

export type TokenSink = (kind: TokenKind, start: number, end: number) => void;

const MAX_TEMPLATE_DEPTH = 64;

/** Keywords after which "/" starts a regular expression rather than a division. */
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

const enum C {
  TAB = 9,
  LF = 10,
  CR = 13,
  SPACE = 32,
  BANG = 33,
  DQUOTE = 34,
  DOLLAR = 36,
  SQUOTE = 39,
  RPAREN = 41,
  DOT = 46,
  SLASH = 47,
  D0 = 48,
  D9 = 57,
  QUESTION = 63,
  LBRACKET = 91,
  BACKSLASH = 92,
  RBRACKET = 93,
  UNDERSCORE = 95,
  BACKTICK = 96,
  LBRACE = 123,
  RBRACE = 125,
}

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === C.DOLLAR || c === C.UNDERSCORE || (c >= 0x80 && !isSpace(c));
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= C.D0 && c <= C.D9);
}

function isSpace(c: number): boolean {
  return c === C.SPACE || c === C.TAB || c === C.LF || c === C.CR || c === 11 || c === 12 || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029 || (c >= 0x2000 && c <= 0x200b) || c === 0x3000;
}

export function tokenize(text: string, sink: TokenSink): void {
  const n = text.length;
  // For each open template substitution: the brace depth inside it.
  const templates: number[] = [];
  let prevKind: TokenKind | undefined;
  let prevStart = 0;
  let prevEnd = 0;
  let i = 0;

  const emit = (kind: TokenKind, start: number, end: number) => {
    prevKind = kind;
    prevStart = start;
    prevEnd = end;
    sink(kind, start, end);
  };

  const regexAllowed = (): boolean => {
    if (prevKind === undefined) return true;
    if (prevKind === 'punct') {
      const c = text.charCodeAt(prevStart);
      return !(c === C.RPAREN || c === C.RBRACKET || c === C.RBRACE);
    }
    if (prevKind === 'ident') return REGEX_AFTER_WORD.has(text.slice(prevStart, prevEnd));
    return false;
  };

  /** Scans template characters from `from` (just after "`" or the closing "}" of a substitution). */
  const templateChunk = (from: number): number => {
    let j = from;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === C.BACKSLASH) j += 2;
      else if (c === C.BACKTICK) {
        emit('template', from - 1, j + 1);
        return j + 1;
      } else if (c === C.DOLLAR && text.charCodeAt(j + 1) === C.LBRACE) {
        emit('template', from - 1, j + 2);
        if (templates.length < MAX_TEMPLATE_DEPTH) templates.push(0);
        return j + 2;
      } else j++;
    }
    emit('template', from - 1, n);
    return n;
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === C.SLASH) {
      const d = text.charCodeAt(i + 1);
      if (d === C.SLASH) {
        const nl = text.indexOf('\n', i + 2);
        i = nl < 0 ? n : nl + 1;
        continue;
      }
      if (d === 42 /* * */) {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? n : end + 2;
        continue;
      }
      if (regexAllowed()) {
        i = scanRegex(text, i, emit);
        continue;
      }
      emit('punct', i, i + 1);
      i++;
      continue;
    }
    if (c === C.DQUOTE || c === C.SQUOTE) {
      let j = i + 1;
      while (j < n) {
        const e = text.charCodeAt(j);
        if (e === C.BACKSLASH) j += 2;
        else if (e === c) {
          j++;
          break;
        } else if (e === C.LF) break; // unterminated: end at the line
        else j++;
      }
      emit('string', i, Math.min(j, n));
      i = j;
      continue;
    }
    if (c === C.BACKTICK) {
      i = templateChunk(i + 1);
      continue;
    }
    if (isIdentStart(c) || c === C.BACKSLASH) {
      let j = i + 1;
      while (j < n && (isIdentPart(text.charCodeAt(j)) || text.charCodeAt(j) === C.BACKSLASH)) j++;
      emit('ident', i, j);
      i = j;
      continue;
    }
    if ((c >= C.D0 && c <= C.D9) || (c === C.DOT && isDigit(text.charCodeAt(i + 1)))) {
      let j = i + 1;
      while (j < n) {
        const e = text.charCodeAt(j);
        if (isIdentPart(e) || e === C.DOT) j++;
        else if ((e === 43 || e === 45) && (text.charCodeAt(j - 1) | 0x20) === 101 && !/^0x/i.test(text.slice(i, i + 2))) j++;
        else break;
      }
      emit('number', i, j);
      i = j;
      continue;
    }
    if (c === C.LBRACE) {
      if (templates.length > 0) templates[templates.length - 1]!++;
      emit('punct', i, i + 1);
      i++;
      continue;
    }
    if (c === C.RBRACE) {
      if (templates.length > 0) {
        const top = templates.length - 1;
        if (templates[top] === 0) {
          templates.pop();
          i = templateChunk(i + 1);
          continue;
        }
        templates[top]!--;
      }
      emit('punct', i, i + 1);
      i++;
      continue;
    }
    // Optional chaining "?." is a member access: emit it as ".".
    if (c === C.QUESTION && text.charCodeAt(i + 1) === C.DOT && !isDigit(text.charCodeAt(i + 2))) {
      emit('punct', i + 1, i + 2);
      i += 2;
      continue;
    }
    emit('punct', i, i + 1);
    i++;
  }
}

function isDigit(c: number): boolean {
  return c >= C.D0 && c <= C.D9;
}

function scanRegex(text: string, start: number, emit: (kind: TokenKind, s: number, e: number) => void): number {
  const n = text.length;
  let j = start + 1;
  let inClass = false;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (c === C.BACKSLASH) j += 2;
    else if (c === C.LF) break; // not a regex after all (or unterminated): stop at the line
    else if (inClass) {
      if (c === C.RBRACKET) inClass = false;
      j++;
    } else if (c === C.LBRACKET) {
      inClass = true;
      j++;
    } else if (c === C.SLASH) {
      j++;
      while (j < n && isIdentPart(text.charCodeAt(j))) j++; // flags
      break;
    } else j++;
  }
  const end = Math.min(j, n);
  emit('regex', start, end);
  return end;
}

/** The value of a string token (quotes removed, common escapes decoded); templates lose their ${…} parts. */
export function stringValue(text: string, start: number, end: number, max = 4096): string {
  const open = text[start];
  let s = text.slice(start + 1, Math.min(end, start + 1 + max * 2));
  const close = open === '`' ? /(?:`|\$\{)$/ : open === '"' ? /"$/ : /'$/;
  if (end - start <= max * 2 + 1) s = s.replace(close, '');
  if (!s.includes('\\')) return s.slice(0, max);
  return s
    .replace(/\\(?:u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|([\s\S]))/g, (_, cp?: string, u?: string, x?: string, ch?: string) => {
      const hex = cp ?? u ?? x;
      if (hex) {
        const v = parseInt(hex, 16);
        return v <= 0x10ffff ? String.fromCodePoint(v) : '';
      }
      return ch === 'n' ? '\n' : ch === 't' ? '\t' : ch === 'r' ? '\r' : ch === '\n' ? '' : (ch ?? '');
    })
    .slice(0, max);
}
