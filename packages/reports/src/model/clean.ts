/**
 * Every string that reaches a renderer passes through here: characters XML 1.0
 * forbids (docx and xlsx are XML) and lone surrogates are dropped, and values
 * are capped so one 10-MB snippet cannot blow up a report (Excel's cell limit
 * is 32,767 characters). RTL marks, emoji and markup stay: they are text.
 */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const MAX_FIELD = 20_000;

export function clean(value: unknown, max = MAX_FIELD): string {
  if (value === undefined || value === null) return '';
  let s = typeof value === 'string' ? value : String(value);
  if (s.length > max) s = `${s.slice(0, max)}… (+${s.length - max})`;
  return s.replace(XML_FORBIDDEN, '');
}
