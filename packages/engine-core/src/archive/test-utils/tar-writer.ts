/**
 * Test utility: a tiny TAR writer (ustar headers, pax records, GNU long
 * names, optional gzip) for building hostile and ordinary archives in code.
 */
import { gzipSync } from 'node:zlib';

export interface TarWriterEntry {
  name: string;
  data?: Buffer | string;
  /** Type flag: '0' file (default), '5' directory, '2' symlink, '1' hardlink, or any other byte. */
  type?: string;
  linkName?: string;
  /** Put the name in a pax 'x' header ('pax') or a GNU 'L' header ('gnu') before the entry. */
  longName?: 'pax' | 'gnu';
  /** Declared size (a lie) instead of the data length. */
  declaredSize?: number;
  /** Corrupt the checksum. */
  badChecksum?: boolean;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, type: string, linkName = '', badChecksum = false): Buffer {
  const h = Buffer.alloc(512);
  h.write(name.slice(0, 100), 0, 'utf8');
  h.write(octal(0o644, 8), 100, 'latin1');
  h.write(octal(0, 8), 108, 'latin1');
  h.write(octal(0, 8), 116, 'latin1');
  h.write(octal(size, 12), 124, 'latin1');
  h.write(octal(0, 12), 136, 'latin1');
  h.write(' '.repeat(8), 148, 'latin1');
  h.write(type, 156, 'latin1');
  h.write(linkName.slice(0, 100), 157, 'utf8');
  h.write('ustar\0' + '00', 257, 'latin1');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(badChecksum ? sum + 1 : sum, 7) + ' ', 148, 'latin1');
  return h;
}

function padded(data: Buffer): Buffer {
  return Buffer.concat([data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let len = body.length + 1;
  while (String(len).length + body.length !== len) len = String(len).length + body.length;
  return `${len}${body}`;
}

export function buildTar(entries: TarWriterEntry[], options: { gzip?: boolean; endMarker?: boolean } = {}): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = typeof e.data === 'string' ? Buffer.from(e.data) : (e.data ?? Buffer.alloc(0));
    if (e.longName === 'pax') {
      const pax = Buffer.from(paxRecord('path', e.name) + (e.linkName ? paxRecord('linkpath', e.linkName) : ''));
      parts.push(header('PaxHeader', pax.length, 'x'), padded(pax));
    } else if (e.longName === 'gnu') {
      const long = Buffer.from(e.name + '\0');
      parts.push(header('././@LongLink', long.length, 'L'), padded(long));
    }
    parts.push(header(e.name, e.declaredSize ?? data.length, e.type ?? '0', e.linkName, e.badChecksum), padded(data));
  }
  if (options.endMarker !== false) parts.push(Buffer.alloc(1024));
  const tar = Buffer.concat(parts);
  return options.gzip ? gzipSync(tar) : tar;
}
