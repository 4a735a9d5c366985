/**
 * Test builders (used by the tests only): executables carrying build info,
 * written byte by byte because neither Go nor cargo-auditable is installed on
 * the machines the tests run on.
 */
/**
 * Test builder: a minimal ELF64 little-endian file with the given sections
 * and a section-name table — no code, no program headers. Enough for a
 * section-table reader; Go (not installed here) and cargo-auditable (not
 * installed) would put the same bytes in a real executable.
 */
export function minimalElf(sections: { name: string; data: Uint8Array }[]): Uint8Array {
  const names = ['', ...sections.map((s) => s.name), '.shstrtab'];
  const strtab = Buffer.concat(names.map((n) => Buffer.from(`${n}\0`, 'latin1')));
  const nameOff = names.map((_, i) => names.slice(0, i).reduce((a, n) => a + n.length + 1, 0));
  const blobs = [...sections.map((s) => Buffer.from(s.data)), strtab];
  let off = 64;
  const offsets = blobs.map((d) => {
    const o = off;
    off += d.length;
    return o;
  });
  const shoff = Math.ceil(off / 8) * 8;
  const shnum = blobs.length + 1;
  const out = Buffer.alloc(shoff + shnum * 64);
  out.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1], 0);
  out.writeUInt16LE(2, 16);
  out.writeUInt16LE(0x3e, 18);
  out.writeUInt32LE(1, 20);
  out.writeBigUInt64LE(BigInt(shoff), 0x28);
  out.writeUInt16LE(64, 0x34);
  out.writeUInt16LE(64, 0x3a);
  out.writeUInt16LE(shnum, 0x3c);
  out.writeUInt16LE(shnum - 1, 0x3e);
  blobs.forEach((d, i) => {
    out.set(d, offsets[i]!);
    const h = shoff + (i + 1) * 64;
    out.writeUInt32LE(nameOff[i + 1]!, h);
    out.writeUInt32LE(i === blobs.length - 1 ? 3 : 1, h + 4); // SHT_STRTAB / SHT_PROGBITS
    out.writeBigUInt64LE(BigInt(offsets[i]!), h + 0x18);
    out.writeBigUInt64LE(BigInt(d.length), h + 0x20);
  });
  return new Uint8Array(out);
}

const varint = (n: number): Buffer => {
  const out: number[] = [];
  for (; n >= 0x80; n >>>= 7) out.push((n & 0x7f) | 0x80);
  out.push(n);
  return Buffer.from(out);
};

/** The Go ≥ 1.18 build-info blob: 32-byte header, then the version and module info as varint-prefixed strings. */
export function goBuildInfo(goVersion: string, modLines: string, flags = 2): Uint8Array {
  const header = Buffer.alloc(32);
  header.write('\xff Go buildinf:', 0, 'latin1');
  header[14] = 8;
  header[15] = flags;
  const mod = Buffer.concat([Buffer.from('3077af0c9274080241e1c107e6d618e6', 'hex'), Buffer.from(modLines), Buffer.from('f932433186182072008242104116d8f2', 'hex')]);
  return new Uint8Array(Buffer.concat([header, varint(goVersion.length), Buffer.from(goVersion), varint(mod.length), mod]));
}

