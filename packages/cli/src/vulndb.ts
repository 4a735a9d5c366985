/**
 * `npm run scan -- vulndb …`: the vulnerability data from the command line.
 *   vulndb import PATH     import OSV all.zip / NVD JSON files (a file or folder) into the product's
 *                          database: DATABASE_URL, else CITADEL_DATA_DIR/citadel.sqlite (default ./data),
 *                          or --db FILE / --database-url URL; incremental by modified date
 *   vulndb query Q         look up Q in that database, or in a folder with --vuln-db PATH:
 *                          a purl (pkg:npm/marked@0.3.5) or "COMPONENT VERSION" (busybox 1.01)
 *   vulndb stats           per-source record counts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { VulnDataDescriptor } from '@citadel/engine-core';
import { type VulnerabilityData, VulnDataError, createVulnTables, importIntoDatabase, openDatabaseHandle, openVulnerabilityData, parsePurl } from '@citadel/vulndb';
import type { CliIo } from './scan.ts';

export const VULNDB_USAGE = `Usage: citadel vulndb <command> [options]

Commands:
  import PATH           import OSV all.zip files and NVD CVE JSON records (a file or a folder) into the
                        product's database; only records newer than the stored copy are written
  query PURL            known vulnerabilities of a package URL, e.g. pkg:npm/marked@0.3.5
  query NAME VERSION    known vulnerabilities of a component found in firmware, e.g. busybox 1.01
  stats                 records per source, bad records, newest modified date

Options:
  --db FILE             SQLite database file (default: $CITADEL_DATA_DIR/citadel.sqlite, ./data/citadel.sqlite)
  --database-url URL    PostgreSQL instead (default: $DATABASE_URL)
  --vuln-db PATH        query/stats: read a folder of OSV/NVD files instead of a database
`;

const DB_ERROR = 4;

function databaseSource(opts: Record<string, string>): Extract<VulnDataDescriptor, { kind: 'database' }> {
  const url = opts['--database-url'] ?? (opts['--db'] ? undefined : process.env.DATABASE_URL);
  if (url) return { kind: 'database', databaseUrl: url, ...(process.env.DATABASE_SCHEMA ? { schema: process.env.DATABASE_SCHEMA } : {}) };
  const file = opts['--db'] ?? path.join(path.resolve(process.env.CITADEL_DATA_DIR || 'data'), 'citadel.sqlite');
  return { kind: 'database', sqlitePath: path.resolve(file) };
}

function parseOptions(argv: readonly string[]): { positional: string[]; opts: Record<string, string> } {
  const positional: string[] = [];
  const opts: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') positional.unshift('help');
    else if (a === '--db' || a === '--database-url' || a === '--vuln-db') {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      opts[a] = v;
    } else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else positional.push(a);
  }
  return { positional, opts };
}

function line(v: { id: string; ids: string[]; score?: number; level?: string; fixed: string[]; summary: string; conditions: string[] }): string {
  const other = v.ids.filter((i) => i !== v.id);
  return `${v.id}${other.length ? ` (${other.join(', ')})` : ''}  ${v.level ?? '-'}${v.score !== undefined ? ` ${v.score}` : ''}  fixed: ${v.fixed.join(', ') || '-'}${v.conditions.length ? `  only with: ${v.conditions.join(' | ')}` : ''}\n    ${v.summary.split('\n')[0]!.slice(0, 160)}\n`;
}

async function runImport(target: string, opts: Record<string, string>, io: CliIo): Promise<number> {
  const src = databaseSource(opts);
  if (src.sqlitePath) mkdirSync(path.dirname(src.sqlitePath), { recursive: true });
  const { db } = openDatabaseHandle(src, false);
  try {
    // The portal's migration 012 creates these; a data folder the portal never opened gets them here.
    await createVulnTables(db);
    let last = -1;
    const res = await importIntoDatabase(db, path.resolve(target), {
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress: (p) => {
        const pct = Math.floor(p.fraction * 100);
        if (pct !== last) {
          last = pct;
          io.stderr(`vulndb: ${pct}%  read ${p.read}, added ${p.added}, updated ${p.updated}, bad ${p.bad}\n`);
        }
      },
    });
    io.stdout(`${JSON.stringify(res, null, 2)}\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}

async function withData<T>(opts: Record<string, string>, fn: (d: VulnerabilityData) => Promise<T>): Promise<T> {
  const d = await openVulnerabilityData(opts['--vuln-db'] ? { kind: 'folder', path: path.resolve(opts['--vuln-db']) } : databaseSource(opts));
  try {
    return await fn(d);
  } finally {
    await d.close();
  }
}

export async function runVulndb(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (e) {
    io.stderr(`vulndb: ${(e as Error).message}\n\n${VULNDB_USAGE}`);
    return 2;
  }
  const [cmd, ...rest] = parsed.positional;
  if (cmd === undefined || cmd === 'help') {
    io.stdout(VULNDB_USAGE);
    return cmd === undefined ? 2 : 0;
  }
  try {
    if (cmd === 'import' && rest.length === 1) return await runImport(rest[0]!, parsed.opts, io);
    if (cmd === 'stats' && rest.length === 0) {
      const stats = await withData(parsed.opts, (d) => d.stats());
      io.stdout(`${JSON.stringify(stats, null, 2)}\n`);
      return 0;
    }
    if (cmd === 'query' && (rest.length === 1 || rest.length === 2)) {
      const vulns = await withData(parsed.opts, async (d) => {
        if (rest.length === 1) {
          const q = parsePurl(rest[0]!);
          if (!q) throw new VulnDataError(`not a package URL: ${rest[0]}`);
          return (await d.matchPackages([q]))[0]!.vulnerabilities;
        }
        const queries = d.cpesForComponent(rest[0]!, rest[1]!);
        if (queries.length === 0) throw new VulnDataError(`unknown component "${rest[0]}" (see packages/vulndb/src/cpe/components.ts)`);
        return d.matchCpe(queries[0]!);
      });
      io.stdout(vulns.length ? vulns.map(line).join('') : 'no known vulnerabilities\n');
      return 0;
    }
  } catch (e) {
    io.stderr(`vulndb: ${(e as Error).message}\n`);
    return DB_ERROR;
  }
  io.stderr(VULNDB_USAGE);
  return 2;
}
