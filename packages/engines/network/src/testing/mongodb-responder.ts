/**
 * Test support: a MongoDB responder written from the MongoDB Wire Protocol
 * specification and bsonspec.org (no MongoDB server on this machine). It
 * answers hello/isMaster, buildInfo and listDatabases like mongod 7.0 (OP_MSG)
 * or, `legacy`, like mongod 3.4 (OP_QUERY only: OP_MSG closes the
 * connection), with access control on or off, and records every command
 * name it received, so a test can prove nothing but reads was sent. Its BSON
 * writer is its own (with arrays), not the engine's.
 */
import net from 'node:net';

type V = string | number | boolean | V[] | { [k: string]: V };

function bson(doc: { [k: string]: V } | V[]): Buffer {
  const entries: [string, V][] = Array.isArray(doc) ? doc.map((v, i) => [String(i), v]) : Object.entries(doc);
  const parts = entries.map(([k, v]) => {
    const key = Buffer.from(`${k}\0`, 'utf8');
    if (typeof v === 'string') {
      const s = Buffer.from(`${v}\0`, 'utf8');
      const n = Buffer.alloc(4);
      n.writeInt32LE(s.length);
      return Buffer.concat([Buffer.from([2]), key, n, s]);
    }
    if (typeof v === 'boolean') return Buffer.concat([Buffer.from([8]), key, Buffer.from([v ? 1 : 0])]);
    if (typeof v === 'number') {
      const n = Buffer.alloc(8);
      n.writeDoubleLE(v);
      return Buffer.concat([Buffer.from([1]), key, n]);
    }
    return Buffer.concat([Buffer.from([Array.isArray(v) ? 4 : 3]), key, bson(v)]);
  });
  const body = Buffer.concat(parts);
  const n = Buffer.alloc(4);
  n.writeInt32LE(body.length + 5);
  return Buffer.concat([n, body, Buffer.from([0])]);
}

/** First element name of the BSON document at `off` (the command name). */
function commandName(b: Buffer, off: number): string {
  const end = b.indexOf(0, off + 5);
  return b.toString('utf8', off + 5, end);
}

export interface MongoResponder {
  port: number;
  commands: string[];
  stop(): Promise<void>;
}

export async function startMongoResponder(o: { auth: boolean; legacy?: boolean }): Promise<MongoResponder> {
  const commands: string[] = [];
  const version = o.legacy ? '3.4.1' : '7.0.2';
  const answer = (cmd: string): { [k: string]: V } => {
    switch (cmd.toLowerCase()) {
      case 'hello':
      case 'ismaster':
        return { ismaster: true, isWritablePrimary: true, maxBsonObjectSize: 16777216, maxWireVersion: o.legacy ? 5 : 21, minWireVersion: 0, ok: 1 };
      case 'buildinfo':
        return { version, gitVersion: '0'.repeat(40), versionArray: version.split('.').map(Number), ok: 1 };
      case 'listdatabases':
        return o.auth ? { ok: 0, errmsg: 'command listDatabases requires authentication', code: 13, codeName: 'Unauthorized' } : { databases: [{ name: 'admin' }, { name: 'config' }, { name: 'shop' }], ok: 1 };
      default:
        return { ok: 0, errmsg: `no such command: '${cmd}'`, code: 59, codeName: 'CommandNotFound' };
    }
  };
  const server = net.createServer((s) => {
    let buf = Buffer.alloc(0);
    s.on('error', () => undefined);
    s.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      // mongod closes the connection on a length outside 16 … maxMessageSizeBytes (48 MB).
      if (buf.length >= 4 && (buf.readInt32LE(0) < 16 || buf.readInt32LE(0) > 48_000_000)) {
        s.destroy();
        return;
      }
      while (buf.length >= 16 && buf.length >= buf.readInt32LE(0)) {
        const len = buf.readInt32LE(0);
        const msg = buf.subarray(0, len);
        buf = buf.subarray(len);
        const requestId = msg.readInt32LE(4);
        const op = msg.readInt32LE(12);
        let reply: Buffer;
        if (op === 2013 && !o.legacy) {
          const cmd = commandName(msg, 21);
          commands.push(cmd);
          reply = Buffer.concat([Buffer.alloc(4), Buffer.from([0]), bson(answer(cmd))]);
        } else if (op === 2004) {
          // flags(4) fullCollectionName(cstring) skip(4) return(4) query
          const nameEnd = msg.indexOf(0, 20);
          const cmd = commandName(msg, nameEnd + 9);
          commands.push(cmd);
          const head = Buffer.alloc(20); // responseFlags, cursorID(8), startingFrom, numberReturned
          head.writeInt32LE(1, 16);
          reply = Buffer.concat([head, bson(answer(cmd))]);
        } else {
          s.destroy();
          return;
        }
        const h = Buffer.alloc(16);
        h.writeInt32LE(16 + reply.length, 0);
        h.writeInt32LE(requestId + 1000, 4);
        h.writeInt32LE(requestId, 8);
        h.writeInt32LE(op === 2004 ? 1 : 2013, 12);
        s.write(Buffer.concat([h, reply]));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, commands, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
