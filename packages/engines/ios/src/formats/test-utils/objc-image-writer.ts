/**
 * Test utility: a 64-bit Mach-O with Objective-C class metadata, a Swift type
 * descriptor, C strings and CFStrings, with pointers stored either as plain
 * addresses or in chained-fixup encodings (to exercise the pointer masking).
 */
import { ByteSink } from './byte-sink.ts';
import { MACHO_BASE_ADDRESS, writeMachO, type AddrOf, type SymbolSpec } from './macho-writer.ts';

export type PointerEncoding = 'plain' | 'chained64-offset' | 'arm64e-auth';

export interface ObjcImageSpec {
  classNames: string[];
  encoding?: PointerEncoding;
  /** Omit __objc_classlist so readers must fall back to __objc_classname. */
  omitClassList?: boolean;
  cstrings?: string[];
  /** UTF-16 CFString literals (stored in __ustring). */
  utf16Strings?: string[];
  swiftModule?: string;
  swiftTypes?: string[];
  symbols?: SymbolSpec[];
}

function encode(addr: number, encoding: PointerEncoding): bigint {
  const offset = BigInt(addr - MACHO_BASE_ADDRESS);
  // Set "next" bits (and auth key/diversity bits) so that a reader that does not mask fails.
  if (encoding === 'chained64-offset') return offset | (3n << 51n);
  if (encoding === 'arm64e-auth') return (1n << 63n) | (5n << 51n) | (1n << 49n) | (0x1234n << 32n) | offset;
  return BigInt(addr);
}

const cstrings = (list: string[]) => Buffer.from(list.map((s) => `${s}\0`).join(''));

export function writeObjcImage(spec: ObjcImageSpec): Uint8Array {
  const enc = spec.encoding ?? 'plain';
  const names = cstrings(spec.classNames);
  const n = spec.classNames.length;
  const nameOffsets = spec.classNames.map((_, i) => Buffer.byteLength(spec.classNames.slice(0, i).map((s) => `${s}\0`).join('')));
  const ptr = (sink: ByteSink, addr: number) => sink.u64(encode(addr, enc));
  const utf16 = spec.utf16Strings ?? [];
  const ustring = Buffer.concat(utf16.map((s) => Buffer.from(`${s}\0`, 'utf16le')));
  const ustringOffsets = utf16.map((_, i) => utf16.slice(0, i).reduce((sum, s) => sum + (s.length + 1) * 2, 0));
  const swiftTypes = spec.swiftTypes ?? [];
  const swiftNames = cstrings([spec.swiftModule ?? 'MyKit', ...swiftTypes]);
  // __const holds: module descriptor (12 bytes), one type descriptor per type (12 bytes each), then the names.
  const constSize = 12 * (1 + swiftTypes.length) + swiftNames.length;

  const classSections = spec.omitClassList ? [] : [
    { name: '__objc_classlist', size: 8 * n, fill: (a: AddrOf) => {
      const s = new ByteSink();
      for (let i = 0; i < n; i++) ptr(s, a('__DATA', '__objc_data') + 40 * i);
      return s.toBytes();
    } },
    { name: '__objc_data', size: 40 * n, fill: (a: AddrOf) => {
      const s = new ByteSink();
      for (let i = 0; i < n; i++) {
        s.u64(0).u64(0).u64(0).u64(0);
        // class_rw_t pointer with the "is Swift" flag bits set in the low bits.
        const ro = encode(a('__DATA', '__objc_const') + 48 * i, enc);
        s.u64(ro | 3n);
      }
      return s.toBytes();
    } },
    { name: '__objc_const', size: 48 * n, fill: (a: AddrOf) => {
      const s = new ByteSink();
      for (let i = 0; i < n; i++) {
        s.u32(0).u32(8).u32(8).u32(0).u64(0);
        ptr(s, a('__TEXT', '__objc_classname') + nameOffsets[i]!);
        s.u64(0).u64(0);
      }
      return s.toBytes();
    } },
  ];
  return writeMachO({
    symbols: spec.symbols ?? [],
    segments: [
      {
        name: '__TEXT',
        sections: [
          { name: '__objc_classname', data: names, flags: 2 },
          { name: '__cstring', data: cstrings(spec.cstrings ?? []), flags: 2 },
          { name: '__ustring', data: ustring },
          { name: '__const', size: constSize, fill: (a) => {
            const base = a('__TEXT', '__const');
            const namesAt = base + 12 * (1 + swiftTypes.length);
            const s = new ByteSink();
            // Module descriptor: flags (kind 0), parent 0, name.
            s.u32(0).i32(0).i32(namesAt - (base + 8));
            let nameAt = namesAt + Buffer.byteLength(`${spec.swiftModule ?? 'MyKit'}\0`);
            swiftTypes.forEach((t, i) => {
              const desc = base + 12 * (1 + i);
              // Type descriptor: flags (kind 16 = class), parent → module, name.
              s.u32(0x50).i32(base - (desc + 4)).i32(nameAt - (desc + 8));
              nameAt += Buffer.byteLength(`${t}\0`);
            });
            s.bytes(swiftNames);
            return s.toBytes();
          } },
          { name: '__swift5_types', size: 4 * swiftTypes.length, fill: (a) => {
            const s = new ByteSink();
            swiftTypes.forEach((_, i) => s.i32(a('__TEXT', '__const') + 12 * (1 + i) - (a('__TEXT', '__swift5_types') + 4 * i)));
            return s.toBytes();
          } },
        ],
      },
      {
        name: '__DATA',
        initprot: 3,
        sections: [
          ...classSections,
          { name: '__cfstring', size: 32 * utf16.length, fill: (a) => {
            const s = new ByteSink();
            utf16.forEach((str, i) => {
              s.u64(0).u64(0x7d0);
              ptr(s, a('__TEXT', '__ustring') + ustringOffsets[i]!);
              s.u64(str.length);
            });
            return s.toBytes();
          } },
        ],
      },
    ],
  });
}
