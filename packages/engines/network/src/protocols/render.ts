/**
 * Evidence text of a wire exchange: printable ASCII kept, everything else as
 * \xNN, cut to a length a report can show. Secrets are redacted by the
 * protocol module before rendering (it knows where they are).
 */
const MAX = 1200;

export function printable(b: Buffer | string, max = MAX): string {
  const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
  let out = '';
  for (let i = 0; i < buf.length && out.length < max; i++) {
    const c = buf[i]!;
    if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c >= 0x20 && c < 0x7f && c !== 0x5c) out += String.fromCharCode(c);
    else out += `\\x${c.toString(16).padStart(2, '0')}`;
  }
  if (out.length >= max) out = `${out.slice(0, max)}… (${buf.length} bytes)`;
  return out;
}

export function hex(b: Buffer, max = 256): string {
  const s = b.subarray(0, max).toString('hex').replace(/(..)/g, '$1 ').trim();
  return b.length > max ? `${s} … (${b.length} bytes)` : s;
}
