/** Test utility: writes ar archives (static libraries) in the BSD or GNU long-name style, with a symbol table. */
import { ByteSink } from './byte-sink.ts';

export interface ArWriterMember {
  name: string;
  data: Uint8Array;
}

function header(sink: ByteSink, name: string, size: number): void {
  const field = (text: string, width: number) => sink.bytes(Buffer.from(text.padEnd(width, ' ').slice(0, width), 'latin1'));
  field(name, 16);
  field('0', 12);
  field('0', 6);
  field('0', 6);
  field('100644', 8);
  field(String(size), 10);
  sink.bytes(Buffer.from('`\n', 'latin1'));
}

function body(sink: ByteSink, data: Uint8Array): void {
  sink.bytes(data);
  if (data.length % 2 === 1) sink.u8(0x0a);
}

export function writeAr(members: ArWriterMember[], variant: 'bsd' | 'gnu', withSymbolTable = true): Uint8Array {
  const sink = new ByteSink().bytes(Buffer.from('!<arch>\n', 'latin1'));
  const symbols = new Uint8Array(8);
  if (variant === 'bsd') {
    const write = (name: string, data: Uint8Array) => {
      if (name.length <= 16 && !name.includes(' ')) {
        header(sink, name, data.length);
        body(sink, data);
        return;
      }
      const padded = Buffer.alloc(Math.ceil((name.length + 1) / 8) * 8);
      padded.write(name, 'utf8');
      header(sink, `#1/${padded.length}`, padded.length + data.length);
      body(sink, new Uint8Array([...padded, ...data]));
    };
    if (withSymbolTable) write('__.SYMDEF SORTED', symbols);
    for (const m of members) write(m.name, m.data);
    return sink.toBytes();
  }
  if (withSymbolTable) {
    header(sink, '/', symbols.length);
    body(sink, symbols);
  }
  const table = members.filter((m) => m.name.length > 15).map((m) => `${m.name}/\n`).join('');
  if (table.length > 0) {
    header(sink, '//', Buffer.byteLength(table));
    body(sink, Buffer.from(table));
  }
  let tableOffset = 0;
  for (const m of members) {
    if (m.name.length > 15) {
      header(sink, `/${tableOffset}`, m.data.length);
      tableOffset += Buffer.byteLength(`${m.name}/\n`);
    } else {
      header(sink, `${m.name}/`, m.data.length);
    }
    body(sink, m.data);
  }
  return sink.toBytes();
}
