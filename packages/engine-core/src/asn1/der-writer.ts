/**
 * A tiny DER encoder for building test inputs (certificates, CMS, profiles)
 * in code instead of committing binary blobs. Not used by the readers.
 */

export type Der = Buffer;

function encodeLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** An element with an identifier octet (tags below 31) and content. */
export function tlv(identifier: number, content: Uint8Array): Der {
  return Buffer.concat([Buffer.from([identifier]), encodeLength(content.length), Buffer.from(content)]);
}

export const der = {
  seq: (...items: Uint8Array[]): Der => tlv(0x30, Buffer.concat(items)),
  set: (...items: Uint8Array[]): Der => tlv(0x31, Buffer.concat(items)),
  /** SET OF in DER order (sorted by encoding), as signed attributes must be. */
  setOf: (...items: Uint8Array[]): Der => tlv(0x31, Buffer.concat([...items].map((b) => Buffer.from(b)).sort(Buffer.compare))),
  int(v: number | bigint | Uint8Array): Der {
    if (v instanceof Uint8Array) {
      const b = Buffer.from(v);
      return tlv(0x02, b[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
    }
    // Minimal two's complement: stop once the remaining value is pure sign extension.
    let n = BigInt(v);
    const bytes: number[] = [];
    for (;;) {
      const b = Number(n & 0xffn);
      bytes.unshift(b);
      n >>= 8n;
      if ((n === 0n && (b & 0x80) === 0) || (n === -1n && (b & 0x80) !== 0)) break;
    }
    return tlv(0x02, Buffer.from(bytes));
  },
  bool: (v: boolean): Der => tlv(0x01, Buffer.from([v ? 0xff : 0])),
  null: (): Der => Buffer.from([0x05, 0x00]),
  oid(dotted: string): Der {
    const arcs = dotted.split('.').map((a) => BigInt(a));
    const out: number[] = [];
    const push = (v: bigint) => {
      const chunk: number[] = [Number(v & 0x7fn)];
      for (v >>= 7n; v > 0n; v >>= 7n) chunk.unshift(Number(v & 0x7fn) | 0x80);
      out.push(...chunk);
    };
    push(arcs[0]! * 40n + arcs[1]!);
    for (const a of arcs.slice(2)) push(a);
    return tlv(0x06, Buffer.from(out));
  },
  octets: (b: Uint8Array | string): Der => tlv(0x04, typeof b === 'string' ? Buffer.from(b) : b),
  bits: (b: Uint8Array, unusedBits = 0): Der => tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), Buffer.from(b)])),
  utf8: (s: string): Der => tlv(0x0c, Buffer.from(s, 'utf8')),
  printable: (s: string): Der => tlv(0x13, Buffer.from(s, 'latin1')),
  ia5: (s: string): Der => tlv(0x16, Buffer.from(s, 'latin1')),
  bmp: (s: string): Der => tlv(0x1e, Buffer.from(s, 'utf16le').swap16()),
  utcTime(d: Date): Der {
    const s = d.toISOString().replace(/[-:T]/g, '').slice(2, 14);
    return tlv(0x17, Buffer.from(`${s}Z`));
  },
  generalizedTime(d: Date): Der {
    const s = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    return tlv(0x18, Buffer.from(`${s}Z`));
  },
  /** [n] EXPLICIT (constructed context tag wrapping whole elements). */
  explicit: (n: number, ...items: Uint8Array[]): Der => tlv(0xa0 | n, Buffer.concat(items)),
  /** [n] IMPLICIT constructed: the given content bytes under a context tag. */
  implicitConstructed: (n: number, content: Uint8Array): Der => tlv(0xa0 | n, content),
  /** [n] IMPLICIT primitive. */
  implicitPrimitive: (n: number, content: Uint8Array): Der => tlv(0x80 | n, content),
  /** X.500 name from [type OID, value] pairs in stored order (least specific first). */
  name(attrs: [string, string][]): Der {
    return der.seq(...attrs.map(([oid, value]) => der.set(der.seq(der.oid(oid), oid === '2.5.4.6' ? der.printable(value) : der.utf8(value)))));
  },
};
