/**
 * The scan command: finds the engine for each input, runs it, writes JSON or
 * SARIF, and maps the outcome to the exit codes documented in args.ts.
 */
import { lstat, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { type Assessment, type Platform, RISK_LEVELS, type RiskLevel } from '@citadel/contracts';
import { type Engine, EngineInputError, type EngineRegistry, type InputFile, readHead, toSarif } from '@citadel/engine-core';
import { type ScanArgs, USAGE, UsageError, parseArgs } from './args.ts';
import { loadEngines } from './engines.ts';
import { enginesForScan } from './scan-engines.ts';

/** Largest --vex file read (the engine's own bound on a VEX document). */
const MAX_VEX_BYTES = 16 << 20;

export const EXIT = { ok: 0, failOn: 1, usage: 2, noEngine: 3, failed: 4, interrupted: 130 } as const;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Engines to use instead of loading the engine packages (tests). */
  registry?: EngineRegistry;
  /** Cancels the scan (the entry point wires SIGINT to it). */
  signal?: AbortSignal;
}

interface Job {
  label: string;
  engine: Engine;
  platform: Platform;
  files: InputFile[];
  url?: string;
}

interface Outcome {
  label: string;
  engine: Engine;
  assessment?: Assessment;
  error?: string;
}

const MAX_FOLDER_FILES = 10_000;
const MAX_FOLDER_DEPTH = 8;

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  // `vulndb import|query|stats`: the vulnerability data commands (loaded only when asked for).
  if (argv[0] === 'vulndb') return (await import('./vulndb.ts')).runVulndb(argv.slice(1), io);
  // `--compare A B --platform firmware`: two firmware images side by side (loaded only when asked for).
  if (argv.includes('--compare')) return (await import('./firmware-compare.ts')).runCompare(argv, io);
  let args: ScanArgs;
  try {
    args = parseArgs(argv);
    // --vuln-db PATH (args.params.vulnDb): a folder of OSV/NVD files, handed to engines as EngineOptions.vulnData.
    if (args.params.vulnDb && !(await lstat(args.params.vulnDb).catch(() => undefined))) throw new UsageError(`--vuln-db: ${args.params.vulnDb} does not exist`);
    // --vex FILE: handed to the engine as the text of params.vex (the portal passes it the same way).
    if (args.vexFile) {
      const st = await stat(args.vexFile).catch(() => undefined);
      if (!st?.isFile()) throw new UsageError(`--vex: ${args.vexFile} is not a file`);
      if (st.size > MAX_VEX_BYTES) throw new UsageError(`--vex: ${args.vexFile} is larger than ${MAX_VEX_BYTES} bytes`);
      args.params.vex = await readFile(args.vexFile, 'utf8');
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`scan: ${e.message}\nRun with --help for usage.\n`);
    return EXIT.usage;
  }
  if (args.help) {
    io.stdout(USAGE);
    return EXIT.ok;
  }
  const registry = io.registry ?? (await enginesForScan(args));
  if (args.listEngines) {
    io.stdout(registry.list().length === 0 ? 'No engines are registered yet.\n' : `${registry.list().map(describeEngine).join('\n')}\n`);
    return EXIT.ok;
  }

  let jobs: Job[];
  let skipped: string[] = [];
  try {
    ({ jobs, skipped } = await planJobs(args, registry));
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`scan: ${e.message}\n`);
      return EXIT.usage;
    }
    if (e instanceof NoEngineError) {
      // The scan imported only the engines its input could go to; the message lists them all.
      io.stderr(`scan: ${e.message}\n${registeredList(io.registry ?? (await loadEngines()).registry)}`);
      return EXIT.noEngine;
    }
    throw e;
  }
  for (const s of skipped) if (!args.quiet) io.stderr(`scan: skipped ${s}: no engine accepts it\n`);

  const signals = [io.signal, args.timeoutSeconds ? AbortSignal.timeout(args.timeoutSeconds * 1000) : undefined].filter((s): s is AbortSignal => !!s);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const outcomes: Outcome[] = [];
  for (const job of jobs) {
    try {
      const assessment = await job.engine.run(
        { files: job.files, ...(job.url ? { url: job.url } : {}) },
        {
          platform: job.platform,
          ...(args.select ? { selected: args.select } : {}),
          ...(args.sensitiveWords ? { sensitiveWords: args.sensitiveWords } : {}),
          ...(args.params.vulnDb ? { vulnData: { kind: 'folder' as const, path: resolve(args.params.vulnDb) } } : {}),
          params: args.params,
        },
        signal ? { signal } : {},
      );
      outcomes.push({ label: job.label, engine: job.engine, assessment });
      if (!args.quiet) io.stderr(`${summaryLine(job, assessment)}\n`);
    } catch (e) {
      if (signal?.aborted) {
        io.stderr(`scan: interrupted while scanning ${job.label}\n`);
        return EXIT.interrupted;
      }
      const message = e instanceof EngineInputError ? `${e.message} (${e.code})` : `engine ${job.engine.name} failed: ${(e as Error)?.message ?? String(e)}`;
      io.stderr(`scan: ${job.label}: ${message}\n`);
      outcomes.push({ label: job.label, engine: job.engine, error: message });
    }
  }

  const done = outcomes.filter((o): o is Outcome & { assessment: Assessment } => o.assessment !== undefined);
  let output: string;
  try {
    output = args.format === 'cyclonedx-xml' || args.format === 'spdx' ? await renderSbom(args.format, done) : render(args, done, outcomes);
  } catch (e) {
    io.stderr(`scan: ${(e as Error).message}\n`);
    return EXIT.failed;
  }
  try {
    if (args.out) await writeFile(args.out, output);
    else io.stdout(output);
  } catch (e) {
    io.stderr(`scan: cannot write ${args.out}: ${(e as Error).message}\n`);
    return EXIT.failed;
  }
  if (outcomes.some((o) => o.error)) return EXIT.failed;
  if (args.failOn && done.some((o) => reaches(o.assessment, args.failOn!))) return EXIT.failOn;
  return EXIT.ok;
}

function render(args: ScanArgs, done: (Outcome & { assessment: Assessment })[], all: Outcome[]): string {
  // CycloneDX: the SBOM the engine put in the target (sca, firmware); one input gives its BOM, several a list of them.
  if (args.format === 'cyclonedx') {
    const boms = done.map((o) => o.assessment.target.sbom).filter((b) => b !== undefined);
    return `${JSON.stringify(boms.length === 1 ? boms[0] : { boms }, null, 2)}\n`;
  }
  if (args.format === 'sarif') {
    const log = toSarif(
      done.map((o) => ({ assessment: o.assessment, catalogue: o.engine.catalogue })),
      { locale: args.locale, includePassing: args.includePassing, ...(done.length === 1 ? { artifactUri: done[0]!.label } : {}) },
    );
    return `${JSON.stringify(log, null, 2)}\n`;
  }
  // One input: the Assessment itself. Several (a folder): every file with its assessment or error.
  if (all.length === 1 && done.length === 1) return `${JSON.stringify(done[0]!.assessment, null, 2)}\n`;
  return `${JSON.stringify({ results: all.map((o) => (o.assessment ? { file: o.label, assessment: o.assessment } : { file: o.label, error: o.error })) }, null, 2)}\n`;
}

/**
 * CycloneDX XML and SPDX: converted from the CycloneDX JSON the engine put in the target, by the
 * software-component engine's writers (loaded only when asked for). XML has no list form: one BOM only.
 */
async function renderSbom(format: 'cyclonedx-xml' | 'spdx', done: (Outcome & { assessment: Assessment })[]): Promise<string> {
  const boms = done.map((o) => o.assessment.target.sbom).filter((b): b is Record<string, unknown> => typeof b === 'object' && b !== null);
  if (boms.length === 0) throw new Error(`--format ${format}: no SBOM was produced (only the sca and firmware engines write one)`);
  const sca = await import('@citadel/engine-sca');
  if (format === 'cyclonedx-xml') {
    if (boms.length > 1) throw new Error(`--format cyclonedx-xml writes one BOM; ${boms.length} inputs produced one each (use --format cyclonedx or scan them one at a time)`);
    return sca.cycloneDxXml(boms[0]!);
  }
  const docs = boms.map((b) => sca.spdxFromCycloneDx(b, sca.ENGINE_VERSION));
  return `${JSON.stringify(docs.length === 1 ? docs[0] : { documents: docs }, null, 2)}\n`;
}

/** Whether a not-whitelisted item at `threshold` risk or worse failed. */
export function reaches(a: Assessment, threshold: RiskLevel): boolean {
  const limit = RISK_LEVELS.indexOf(threshold);
  return a.findings.some((f) => f.result === 'fail' && !f.whitelisted && RISK_LEVELS.indexOf(f.risk) <= limit);
}

class NoEngineError extends Error {}

async function planJobs(args: ScanArgs, registry: EngineRegistry): Promise<{ jobs: Job[]; skipped: string[] }> {
  if (args.target) {
    const platform = args.platform ?? 'network';
    const engine = registry.findForUrl(platform);
    if (!engine) throw new NoEngineError(`no engine assesses ${platform} targets`);
    return { jobs: [{ label: args.target, engine, platform, files: [], url: args.target }], skipped: [] };
  }
  if (args.url) {
    const engine = registry.findForUrl(args.platform ?? 'web');
    if (!engine) throw new NoEngineError(`no engine assesses ${args.platform ?? 'web'} targets`);
    return { jobs: [{ label: args.url, engine, platform: args.platform ?? 'web', files: [], url: args.url }], skipped: [] };
  }
  const stats = await Promise.all(
    args.inputs.map(async (p) => {
      try {
        return { path: resolve(p), given: p, stat: await lstat(p) };
      } catch {
        throw new UsageError(`cannot read ${p}: no such file or folder`);
      }
    }),
  );
  const folders = stats.filter((s) => s.stat.isDirectory());
  if (folders.length > 0) {
    if (stats.length > 1) throw new UsageError('give one folder, or files only');
    const folder = folders[0]!;
    // A folder is a source project when asked for (--platform source); it is also one when no
    // engine takes any of its files on their own (a tree of code, not a folder of packages).
    const sourceEngine = registry.list().find((e) => e.platforms.includes('source'));
    const asProject = (): { jobs: Job[]; skipped: string[] } => ({
      jobs: [{ label: folder.given, engine: sourceEngine!, platform: 'source', files: [{ path: folder.path, name: basename(folder.path) }] }],
      skipped: [],
    });
    if (args.platform === 'source') {
      if (!sourceEngine) throw new NoEngineError('no engine assesses source code');
      return asProject();
    }
    // The software-component check reads a folder as one project: its lockfiles together, one SBOM.
    if (args.platform === 'sca') {
      const sca = registry.list().find((e) => e.platforms.includes('sca'));
      if (!sca) throw new NoEngineError('no engine assesses software components');
      return { jobs: [{ label: folder.given, engine: sca, platform: 'sca', files: [{ path: folder.path, name: basename(folder.path) }] }], skipped: [] };
    }
    const jobs: Job[] = [];
    const skipped: string[] = [];
    const files = await listFiles(folder.path);
    for (const file of files) {
      const found = registry.find(basename(file), await readHead(file), args.platform);
      if (found) jobs.push({ label: file, engine: found.engine, platform: found.platform, files: [{ path: file, name: basename(file) }] });
      else skipped.push(file);
    }
    if (!args.platform) {
      const project = await asCodeProject(folder, files, jobs, registry);
      if (project) return project;
    }
    if (jobs.length === 0 && sourceEngine && !args.platform) return asProject();
    if (jobs.length === 0) throw new NoEngineError(`no engine accepts any file in ${folder.given}`);
    return { jobs, skipped };
  }
  for (const s of stats) if (!s.stat.isFile()) throw new UsageError(`${s.given} is not a regular file`);
  const files: InputFile[] = stats.map((s) => ({ path: s.path, name: basename(s.path), size: s.stat.size }));
  const first = registry.find(files[0]!.name, await readHead(files[0]!.path), args.platform);
  if (!first) throw new NoEngineError(`no engine accepts ${stats[0]!.given}${args.platform ? ` as ${args.platform}` : ''}`);
  for (const f of files.slice(1)) {
    const other = registry.find(f.name, await readHead(f.path), args.platform);
    if (other?.engine !== first.engine) throw new NoEngineError(`${f.name} is not accepted by the ${first.engine.name} engine that takes ${files[0]!.name}`);
  }
  return { jobs: [{ label: stats.map((s) => s.given).join(' '), engine: first.engine, platform: first.platform, files }], skipped: [] };
}

/**
 * A folder of code is one project, whatever single files in it other engines would take: the source
 * engine reads the whole tree (when it holds code in a language the engine reads) and the component check
 * reads its manifests and lockfiles together (when it has any) — a package.json is not scanned on its own.
 * Packages that sit in the project (an APK, a firmware image) are still assessed each by its engine, except
 * under the folders the source engine skips (node_modules, build output …); archives are left out.
 */
async function asCodeProject(folder: { path: string; given: string }, files: string[], perFile: Job[], registry: EngineRegistry): Promise<{ jobs: Job[]; skipped: string[] } | undefined> {
  // The source engine's own table says what is code (an install without that engine scans file by file).
  let source: typeof import('@citadel/engine-source');
  try {
    source = await import('@citadel/engine-source');
  } catch {
    return undefined;
  }
  const { kindOf, SKIPPED_FOLDERS } = source;
  const rel = (p: string) => p.slice(folder.path.length + 1);
  const inSkipped = (p: string) => rel(p).split('/').slice(0, -1).some((d) => SKIPPED_FOLDERS.has(d));
  const hasCode = files.some((f) => !inSkipped(f) && kindOf(rel(f)).kind === 'code');
  const hasManifests = perFile.some((j) => j.platform === 'sca' && !inSkipped(j.files[0]!.path));
  if (!hasCode && !hasManifests) return undefined;
  const engineFor = (platform: Platform) => registry.list().find((e) => e.platforms.includes(platform));
  const whole = (platform: Platform): Job[] => {
    const engine = engineFor(platform);
    return engine ? [{ label: folder.given, engine, platform, files: [{ path: folder.path, name: basename(folder.path) }] }] : [];
  };
  const jobs = [...(hasCode ? whole('source') : []), ...(hasManifests ? whole('sca') : [])];
  const packages = perFile.filter((j) => j.platform !== 'sca' && j.platform !== 'source' && !inSkipped(j.files[0]!.path));
  const left = perFile.filter((j) => !packages.includes(j) && j.platform !== 'sca').map((j) => j.files[0]!.path);
  return jobs.length === 0 ? undefined : { jobs: [...jobs, ...packages], skipped: left };
}

/** Regular files under a folder (no symlinks followed), bounded in depth and count, in a stable order. */
async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > MAX_FOLDER_DEPTH) return;
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (out.length >= MAX_FOLDER_FILES) return;
      const p = join(dir, e.name);
      if (e.isFile()) out.push(p);
      else if (e.isDirectory()) await walk(p, depth + 1);
    }
  };
  await walk(root, 0);
  return out;
}

function describeEngine(e: Engine): string {
  return `${e.name} ${e.version}  platforms: ${e.platforms.join(', ')}  items: ${e.catalogue.items.length}`;
}

function registeredList(registry: EngineRegistry): string {
  const list = registry.list();
  return list.length === 0 ? 'Registered engines: none yet.\n' : `Registered engines:\n${list.map((e) => `  ${describeEngine(e)}`).join('\n')}\n`;
}

function summaryLine(job: Job, a: Assessment): string {
  const failed = a.findings.filter((f) => f.result === 'fail' && !f.whitelisted).length;
  const c = a.counts;
  return `${job.label}: ${job.engine.name} ${job.engine.version} as ${job.platform}: score ${a.score.score} (${a.score.band}), ${failed} failed items (serious ${c.serious}, high ${c.high}, medium ${c.medium}, low ${c.low}), ${a.unreadable.length} unreadable parts`;
}
