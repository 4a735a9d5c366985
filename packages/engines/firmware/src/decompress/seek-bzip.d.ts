/** The part of seek-bzip (pure-JavaScript bzip2 decoder, MIT) this package uses; it ships no types. */
declare module 'seek-bzip' {
  interface InStream {
    readByte(): number;
    read(buf: Uint8Array, off: number, len: number): number;
    seek(pos: number): void;
    eof(): boolean;
  }
  interface OutStream {
    writeByte(b: number): void;
    write?(buf: Uint8Array, off: number, len: number): number;
    flush?(): void;
  }
  const Bunzip: { decode(input: InStream, output: OutStream, multistream?: boolean): void };
  export default Bunzip;
}
