/**
 * MongoDB wire protocol (MongoDB Wire Protocol specification): OP_MSG (2013)
 * with one kind-0 section for commands, and the legacy OP_QUERY (2004) on
 * admin.$cmd that servers before 3.6 need for the first isMaster. Replies
 * are read only when their declared length fits the bounds.
 */
import { type BsonDoc, decode, encode } from './bson.ts';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;
/** Replies larger than this are refused (the server's own maxMessageSizeBytes is 48 MB; a probe needs a few kB). */
export const MAX_REPLY = 1024 * 1024;

function header(length: number, requestId: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

export function opMsg(requestId: number, command: Record<string, string | number | boolean>): Buffer {
  const body = Buffer.concat([Buffer.alloc(4), Buffer.from([0]), encode(command)]);
  return Buffer.concat([header(16 + body.length, requestId, OP_MSG), body]);
}

export function opQuery(requestId: number, collection: string, query: Record<string, string | number | boolean>): Buffer {
  const name = Buffer.concat([Buffer.from(collection, 'utf8'), Buffer.from([0])]);
  const skipReturn = Buffer.alloc(8);
  skipReturn.writeInt32LE(-1, 4); // numberToReturn -1: one document, close the cursor
  const body = Buffer.concat([Buffer.alloc(4), name, skipReturn, encode(query)]);
  return Buffer.concat([header(16 + body.length, requestId, OP_QUERY), body]);
}

export type Reply = { kind: 'doc'; opCode: number; responseTo: number; doc: BsonDoc; length: number } | { kind: 'incomplete' } | { kind: 'invalid'; reason: string };

/** The first reply in `d`: an OP_MSG's kind-0 body or an OP_REPLY's first document. */
export function readReply(d: Buffer): Reply {
  if (d.length < 16) return { kind: 'incomplete' };
  const length = d.readInt32LE(0);
  const opCode = d.readInt32LE(12);
  if (length < 16 || length > MAX_REPLY) return { kind: 'invalid', reason: `message length ${length}` };
  if (opCode !== OP_MSG && opCode !== OP_REPLY) return { kind: 'invalid', reason: `opCode ${opCode}` };
  if (d.length < length) return { kind: 'incomplete' };
  const m = d.subarray(0, length);
  const responseTo = m.readInt32LE(8);
  try {
    if (opCode === OP_MSG) {
      if (length < 21 || m[20] !== 0) return { kind: 'invalid', reason: 'OP_MSG without a body section first' };
      return { kind: 'doc', opCode, responseTo, doc: decode(m, 21).doc, length };
    }
    if (length < 36 + 5) return { kind: 'invalid', reason: 'OP_REPLY without a document' };
    return { kind: 'doc', opCode, responseTo, doc: decode(m, 36).doc, length };
  } catch (e) {
    return { kind: 'invalid', reason: (e as Error).message };
  }
}
