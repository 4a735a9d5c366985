/**
 * ES module records. A record class whose field `moduleRecordIdx` holds an
 * offset points to a literal array of its own layout (ets_runtime
 * ModuleDataAccessor): u32 literal count (ignored), u32 request count, request
 * string offsets, then five sections each led by a u32 count — regular
 * imports (local, import name, u16 request index), namespace imports (local,
 * u16 request), local exports (local, export name), indirect exports (export,
 * import name, u16 request) and star exports (u16 request).
 * Module requests are what reveal system kits ("@ohos:net.http",
 * "@ohos:security.cryptoFramework") and ohpm packages ("@normalized:N&&&@ohos/axios/…").
 */
import { boundedCount, type ByteReader } from '@citadel/engine-core';
import { spend, type WorkBudget } from './budget.ts';
import { readAbcString } from './mutf8.ts';

export interface AbcModuleRecord {
  /** Name of the record (class) that owns it, e.g. "com.example.helloworld/entry/ets/pages/Index". */
  recordName: string;
  offset: number;
  requests: string[];
  regularImports: { localName: string; importName: string; request: string }[];
  namespaceImports: { localName: string; request: string }[];
  localExports: { localName: string; exportName: string }[];
  indirectExports: { exportName: string; importName: string; request: string }[];
  starExports: { request: string }[];
}

const MAX_ENTRIES = 65536;

/** `onString` hears the offset of every String item the record names (for the file's string list). */
export function parseModuleRecord(r: ByteReader, offset: number, recordName: string, onString?: (offset: number) => void, budget?: WorkBudget): AbcModuleRecord {
  let p = offset + 4; // literal count, not needed
  const str = (at: number) => {
    const off = r.u32(at);
    const value = readAbcString(r, off, budget).value;
    onString?.(off);
    return value;
  };
  const count = (what: string, perItem: number) => {
    const n = boundedCount(r, r.u32(p), what, MAX_ENTRIES, perItem, p, r.length - p - 4);
    spend(budget, n, r, p);
    p += 4;
    return n;
  };
  const requestAt = (requests: string[], at: number) => {
    const idx = r.u16(at);
    const req = requests[idx];
    if (req === undefined) r.fail(`module request index ${idx} out of ${requests.length}`, at);
    return req;
  };

  const requests: string[] = [];
  for (let n = count('module requests', 4), i = 0; i < n; i++, p += 4) requests.push(str(p));
  const rec: AbcModuleRecord = { recordName, offset, requests, regularImports: [], namespaceImports: [], localExports: [], indirectExports: [], starExports: [] };
  for (let n = count('regular imports', 10), i = 0; i < n; i++, p += 10)
    rec.regularImports.push({ localName: str(p), importName: str(p + 4), request: requestAt(requests, p + 8) });
  for (let n = count('namespace imports', 6), i = 0; i < n; i++, p += 6)
    rec.namespaceImports.push({ localName: str(p), request: requestAt(requests, p + 4) });
  for (let n = count('local exports', 8), i = 0; i < n; i++, p += 8)
    rec.localExports.push({ localName: str(p), exportName: str(p + 4) });
  for (let n = count('indirect exports', 10), i = 0; i < n; i++, p += 10)
    rec.indirectExports.push({ exportName: str(p), importName: str(p + 4), request: requestAt(requests, p + 8) });
  for (let n = count('star exports', 2), i = 0; i < n; i++, p += 2) rec.starExports.push({ request: requestAt(requests, p) });
  return rec;
}
