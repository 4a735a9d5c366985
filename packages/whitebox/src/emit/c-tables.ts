/** C array literals for the generated tables (hex, a fixed number per line). */
const HEX8 = Array.from({ length: 256 }, (_, i) => `0x${i.toString(16).padStart(2, '0')}`);

export function cArray(name: string, data: Uint8Array | Uint32Array): string {
  const u8 = data instanceof Uint8Array;
  const perLine = u8 ? 16 : 8;
  const lines: string[] = [];
  for (let i = 0; i < data.length; i += perLine) {
    const row: string[] = [];
    for (let j = i; j < Math.min(i + perLine, data.length); j++) {
      const v = data[j]!;
      row.push(u8 ? HEX8[v]! : `0x${v.toString(16).padStart(8, '0')}u`);
    }
    lines.push(`  ${row.join(', ')},`);
  }
  return `const ${u8 ? 'uint8_t' : 'uint32_t'} ${name}[${data.length}] = {\n${lines.join('\n')}\n};\n`;
}

export function cExtern(name: string, data: Uint8Array | Uint32Array): string {
  return `extern const ${data instanceof Uint8Array ? 'uint8_t' : 'uint32_t'} ${name}[${data.length}];\n`;
}
