/**
 * `npm run scan -- --compare A.bin B.bin --platform firmware [--format json|text] [--vuln-db PATH] [--out FILE]`:
 * assesses both firmware images and prints what differs (files only in A / B,
 * changed files with text diffs, component versions, findings new and fixed),
 * as the portal's firmware compare screen shows it. Exit 0, or 2 on a usage error.
 */
import { lstat, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { CliIo } from './scan.ts';

const USAGE = 'usage: scan --compare A.bin B.bin --platform firmware [--format json|text] [--vuln-db PATH] [--out FILE]';

export async function runCompare(argv: readonly string[], io: CliIo): Promise<number> {
  const files: string[] = [];
  let platform = 'firmware';
  let format = 'json';
  let out: string | undefined;
  let vulnDb: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--compare') continue;
    if (a === '--platform' || a === '--format' || a === '--out' || a === '--vuln-db') {
      const v = argv[++i];
      if (v === undefined) return usage(io, `${a} needs a value`);
      if (a === '--platform') platform = v;
      else if (a === '--format') format = v;
      else if (a === '--out') out = v;
      else vulnDb = v;
    } else if (a.startsWith('--')) return usage(io, `unknown option ${a}`);
    else files.push(a);
  }
  if (platform !== 'firmware') return usage(io, `--compare is offered for --platform firmware only (got ${platform})`);
  if (files.length !== 2) return usage(io, `--compare needs exactly two images (got ${files.length})`);
  if (format !== 'json' && format !== 'text') return usage(io, `--format ${format}: json or text`);
  for (const f of [...files, ...(vulnDb ? [vulnDb] : [])]) if (!(await lstat(f).catch(() => undefined))) return usage(io, `${f} does not exist`);
  const { compareImages } = await import('@citadel/engine-firmware');
  let cmp;
  try {
    cmp = await compareImages({ path: resolve(files[0]!), name: basename(files[0]!) }, { path: resolve(files[1]!), name: basename(files[1]!) }, vulnDb ? { vulnData: { kind: 'folder', path: resolve(vulnDb) } } : {}, io.signal);
  } catch (e) {
    io.stderr(`scan: ${(e as Error).message}\n`);
    return 1;
  }
  const text =
    format === 'json'
      ? `${JSON.stringify(cmp, null, 2)}\n`
      : [
          `A: ${JSON.stringify(cmp.a)}`,
          `B: ${JSON.stringify(cmp.b)}`,
          `only in A: ${cmp.onlyInA.length}, only in B: ${cmp.onlyInB.length}, changed: ${cmp.changed.length}, unchanged: ${cmp.unchanged}`,
          ...cmp.components.changed.map((c) => `component ${c.name}: ${c.a} → ${c.b}`),
          ...cmp.components.added.map((c) => `component added: ${c.name} ${c.version}`),
          ...cmp.components.removed.map((c) => `component removed: ${c.name} ${c.version}`),
          `findings new: ${cmp.findings.new.length}, fixed: ${cmp.findings.fixed.length}`,
          '',
        ].join('\n');
  if (out) await writeFile(out, text);
  else io.stdout(text);
  return 0;
}

function usage(io: CliIo, message: string): number {
  io.stderr(`scan: ${message}\n${USAGE}\n`);
  return 2;
}
