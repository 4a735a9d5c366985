/**
 * MongoDB: hello (isMaster before 4.4.2) recognises the server, buildInfo
 * gives its version (both allowed before authentication by design), and
 * listDatabases with nameOnly — a read that needs the listDatabases
 * privilege — proves whether the server runs without access control
 * (answer ok: 1) or enforces it (code 13 Unauthorized). OP_MSG first, the
 * legacy OP_QUERY for servers before 3.6. Nothing is written.
 */
import type { Conn } from '../../scan/conn.ts';
import { hex } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';
import type { BsonDoc } from './bson.ts';
import { opMsg, opQuery, readReply } from './wire.ts';

type Command = Record<string, string | number | boolean>;

class Session {
  private offset = 0;
  private id = 1;
  readonly log: string[] = [];
  constructor(
    private readonly c: Conn,
    private readonly legacy: boolean,
    private readonly timeoutMs: number,
  ) {}

  async run(cmd: Command): Promise<BsonDoc | undefined> {
    const name = Object.keys(cmd)[0]!;
    const msg = this.legacy ? opQuery(this.id++, 'admin.$cmd', cmd) : opMsg(this.id++, { ...cmd, $db: 'admin' });
    this.c.write(msg);
    await this.c.until((d) => readReply(d.subarray(this.offset)).kind !== 'incomplete', this.timeoutMs);
    const r = readReply(this.c.data.subarray(this.offset));
    if (r.kind !== 'doc') {
      this.log.push(`${this.legacy ? 'OP_QUERY' : 'OP_MSG'} ${name}: ${r.kind === 'invalid' ? r.reason : 'no answer'}`);
      return undefined;
    }
    this.offset += r.length;
    this.log.push(`${this.legacy ? 'OP_QUERY' : 'OP_MSG'} ${name} → ${summary(r.doc)}`);
    return r.doc;
  }
}

function summary(d: BsonDoc): string {
  const keep = ['ok', 'version', 'maxWireVersion', 'isWritablePrimary', 'ismaster', 'setName', 'code', 'codeName', 'errmsg', 'totalSize'];
  const parts = keep.filter((k) => d[k] !== undefined).map((k) => `${k}: ${JSON.stringify(typeof d[k] === 'bigint' ? String(d[k]) : d[k])}`);
  if (Array.isArray(d.databases)) parts.push(`databases: [${(d.databases as BsonDoc[]).slice(0, 20).map((x) => String(x?.name ?? '?')).join(', ')}]`);
  return `{ ${parts.join(', ')} }`.slice(0, 600);
}

async function hello(ctx: ProbeContext, legacy: boolean): Promise<{ s: Session; c: Conn; doc: BsonDoc } | undefined> {
  const c = await ctx.open();
  const s = new Session(c, legacy, ctx.timeoutMs);
  const doc = await s.run(legacy ? { isMaster: 1 } : { hello: 1 });
  if (doc && ('maxWireVersion' in doc || 'ismaster' in doc || 'isWritablePrimary' in doc)) return { s, c, doc };
  c.close();
  return undefined;
}

export const mongodb: Protocol = {
  id: 'mongodb',
  ports: [27017, 27018, 27019],
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const h = (await hello(ctx, false)) ?? (await hello(ctx, true));
    if (!h) return undefined;
    const { s, c, doc } = h;
    try {
      const build = await s.run({ buildInfo: 1 });
      const dbs = await s.run({ listDatabases: 1, nameOnly: true });
      const extra: Record<string, string> = { max_wire_version: String(doc.maxWireVersion ?? '') };
      if (typeof doc.setName === 'string') extra.replica_set = doc.setName;
      if (Array.isArray(dbs?.databases)) extra.databases = (dbs.databases as BsonDoc[]).slice(0, 20).map((x) => String(x?.name ?? '?')).join(', ');
      const access = dbs?.ok === 1 && Array.isArray(dbs.databases) ? 'open' : dbs && (dbs.code === 13 || dbs.codeName === 'Unauthorized') ? 'auth_required' : undefined;
      return {
        service: 'mongodb',
        product: 'MongoDB',
        ...(typeof build?.version === 'string' ? { version: build.version } : {}),
        extra,
        ...(access ? { access } : {}),
        proof: { request: c.sent.map((b) => hex(b, 48)).join('\n'), response: s.log.join('\n') },
      };
    } finally {
      c.close();
    }
  },
};
