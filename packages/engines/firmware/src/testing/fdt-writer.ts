/** Test utility: a minimal flattened device tree (root properties — strings, or bytes as a FIT image's "data" — and one child node) laid out as the Devicetree Specification says. */
export function buildFdt(props: Record<string, string[] | Uint8Array>): Uint8Array {
  const strings: number[] = [];
  const struct: number[] = [];
  const u32 = (v: number): void => void struct.push((v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255);
  const bytes = (b: Uint8Array): void => {
    struct.push(...b);
    while (struct.length % 4) struct.push(0);
  };
  const enc = new TextEncoder();
  u32(1);
  bytes(enc.encode('\0'));
  for (const [name, values] of Object.entries(props)) {
    const at = strings.length;
    strings.push(...enc.encode(`${name}\0`));
    const value = values instanceof Uint8Array ? values : enc.encode(values.map((v) => `${v}\0`).join(''));
    u32(3);
    u32(value.length);
    u32(at);
    bytes(value);
  }
  u32(1);
  bytes(enc.encode('cpus\0'));
  u32(2);
  u32(2);
  u32(9);
  const header = 40;
  const rsv = 16; // one empty memory reservation entry
  const total = header + rsv + struct.length + strings.length;
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  const fields = [0xd00dfeed, total, header + rsv, header + rsv + struct.length, header, 17, 16, 0, strings.length, struct.length];
  fields.forEach((v, i) => dv.setUint32(i * 4, v));
  out.set(struct, header + rsv);
  out.set(strings, header + rsv + struct.length);
  return out;
}
