/**
 * Collects the manifests of an input — one lockfile, a project folder (the
 * CLI), a zip of a project (the portal's upload) or a Java archive — and
 * parses each. Folders and zips are walked with bounds (depth, file count,
 * bytes read); node_modules and VCS folders are skipped (installed copies, not
 * the project's declarations). JARs are read for the pom.properties of every
 * artifact built or shaded into them, nested JARs (Spring Boot, WAR lib/)
 * to a bounded depth.
 */
import { createReadStream } from 'node:fs';
import { open, readFile, readdir, stat } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { type ZipArchive, openZip, readTar } from '@citadel/engine-core';
import { Inventory, MAX_MANIFEST_BYTES, type Manifest, ManifestError } from './model.ts';
import { MAX_BINARY_BYTES, type PomModel, isExecutableHeader, isJavaArchiveName, isManifestName, jarIdentityFromManifest, parseBinary, parsePomProperties, parserFor, readPom } from './formats/index.ts';
import { isLicenceSource } from './licences/extract.ts';
import { SideFiles, isSideFile } from './licences/side-files.ts';
import { SourceFiles, isReachSource } from './reach/sources.ts';

export const INPUT_LIMITS = { maxFiles: 50_000, maxDepth: 16, maxManifests: 2_000, maxTotalBytes: 1 << 30, maxJarDepth: 3, maxJarEntries: 20_000, maxBinaries: 256 };

/** An executable file (exec bit or .exe) whose header is ELF, PE or Mach-O: it may carry Go or cargo-auditable build info. */
async function looksExecutable(p: string): Promise<boolean> {
  const st = await stat(p);
  if (st.size < 64 || st.size > MAX_BINARY_BYTES || ((st.mode & 0o111) === 0 && !/\.exe$/i.test(p))) return false;
  return isExecutableHeader(await readHead(p));
}

const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn', 'vendor', '__pycache__', '.venv', 'venv', 'target', 'build', 'dist', '.tox', '.gradle']);

interface RawFile {
  path: string;
  bytes: Uint8Array;
}

export interface CollectResult {
  manifests: Manifest[];
  /** Files that could not be read, with the reason (shown as unreadable parts). */
  unreadable: { file: string; reason: string }[];
  /** Files read for licences (installed package metadata, manifests with licence fields) and VEX documents. */
  side: RawFile[];
  /** The project's own source files (Go, Rust, JS/TS) for reachability hints, bounded. */
  sources: { path: string; text: string }[];
  /** False when some were left out for the bounds: "not imported" cannot then be told. */
  sourcesComplete: boolean;
}

class Budget {
  bytes = 0;
  take(n: number, file: string): void {
    this.bytes += n;
    if (this.bytes > INPUT_LIMITS.maxTotalBytes) throw new ManifestError(file, `the input's manifests exceed ${INPUT_LIMITS.maxTotalBytes} bytes in total`, 'too_large');
  }
}

async function walkFolder(root: string, budget: Budget, side: SideFiles, sources: SourceFiles): Promise<{ files: RawFile[]; jars: string[]; binaries: string[] }> {
  const files: RawFile[] = [];
  const jars: string[] = [];
  const binaries: string[] = [];
  let seen = 0;
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > INPUT_LIMITS.maxDepth) return;
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (++seen > INPUT_LIMITS.maxFiles) return;
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) await walk(p, depth + 1);
        else await side.installed(p, relative(root, p).split('\\').join('/'), e.name);
      } else if (e.isFile()) {
        const rel = relative(root, p).split('\\').join('/');
        if (isManifestName(rel)) {
          const size = (await stat(p)).size;
          if (size > MAX_MANIFEST_BYTES) throw new ManifestError(rel, `${size} bytes is over the limit of ${MAX_MANIFEST_BYTES}`, 'too_large');
          budget.take(size, rel);
          files.push({ path: rel, bytes: new Uint8Array(await readFile(p)) });
        } else if (isJavaArchiveName(e.name)) jars.push(p);
        else if (binaries.length < INPUT_LIMITS.maxBinaries && (await looksExecutable(p))) binaries.push(p);
        else if (isSideFile(rel)) await side.add(rel, (await stat(p)).size, async () => new Uint8Array(await readFile(p)));
        else if (isReachSource(rel)) await sources.add(rel, (await stat(p)).size, async () => new Uint8Array(await readFile(p)));
      }
    }
  };
  await walk(root, 0);
  return { files, jars, binaries };
}

async function readZipManifests(zip: ZipArchive, prefix: string, budget: Budget, side: SideFiles, sources: SourceFiles): Promise<{ files: RawFile[]; jars: { path: string; bytes: Uint8Array }[] }> {
  const files: RawFile[] = [];
  const jars: { path: string; bytes: Uint8Array }[] = [];
  for (const e of zip.entries) {
    if (e.isDirectory || e.isSymlink || e.encrypted) continue;
    const parts = e.name.split('/');
    if (parts.includes('..')) continue;
    if (isSideFile(e.name)) {
      await side.add(prefix + e.name, e.uncompressedSize, () => zip.read(e));
      continue;
    }
    if (parts.some((p) => SKIP_DIRS.has(p))) continue;
    const base = parts[parts.length - 1]!;
    if (isManifestName(e.name)) {
      if (e.uncompressedSize > MAX_MANIFEST_BYTES) throw new ManifestError(prefix + e.name, `${e.uncompressedSize} bytes is over the limit of ${MAX_MANIFEST_BYTES}`, 'too_large');
      budget.take(e.uncompressedSize, e.name);
      files.push({ path: prefix + e.name, bytes: await zip.read(e) });
    } else if (isJavaArchiveName(base)) {
      budget.take(e.uncompressedSize, e.name);
      jars.push({ path: prefix + e.name, bytes: await zip.read(e) });
    } else if (isReachSource(e.name)) await sources.add(prefix + e.name, e.uncompressedSize, () => zip.read(e));
  }
  return { files, jars };
}

/** Maven artifacts recorded in a Java archive and the archives nested in it. */
export async function readJar(path: string, input: string | Uint8Array, budget = new Budget(), depth = 0): Promise<Manifest> {
  const inv = new Inventory(path);
  const notes: string[] = [];
  const visit = async (label: string, src: string | Uint8Array, level: number, parent: string | undefined): Promise<void> => {
    const zip = await openZip(src, { limits: { maxEntries: INPUT_LIMITS.maxJarEntries, maxEntrySize: 256 << 20, maxTotalUncompressed: 2 * 1024 ** 3 } });
    try {
      const found: string[] = [];
      for (const e of zip.entries) {
        if (e.isDirectory || e.encrypted) continue;
        if (/^META-INF\/maven\/[^/]+\/[^/]+\/pom\.properties$/.test(e.name) && e.uncompressedSize < 1 << 20) {
          const a = parsePomProperties(`${label}!/${e.name}`, await zip.read(e));
          if (a) {
            const pkg = inv.add({ ecosystem: 'Maven', name: `${a.groupId}:${a.artifactId}`, version: a.version, direct: level === 0, deps: [] });
            found.push(`Maven|${pkg.name}@${pkg.version}`);
          }
        }
      }
      // No pom.properties (a Gradle/Ant/bnd build): the identity its MANIFEST.MF gives, when it names a Maven group.
      const mf = found.length === 0 ? zip.entries.find((e) => e.name === 'META-INF/MANIFEST.MF' && e.uncompressedSize < 1 << 20) : undefined;
      if (mf) {
        const id = jarIdentityFromManifest(`${label}!/${mf.name}`, await zip.read(mf), label);
        if (id && 'note' in id) notes.push(id.note);
        else if (id) found.push(`Maven|${inv.add({ ecosystem: 'Maven', name: `${id.groupId}:${id.artifactId}`, version: id.version, direct: level === 0, deps: [] }).name}@${id.version}`);
      }
      // The archive's own artifact depends on what was shaded into it (first entry = usually the archive itself).
      if (parent) for (const k of found) inv.get(parent)?.deps?.push(k);
      const owner = found[0] ?? parent;
      for (const e of zip.entries) {
        if (e.isDirectory || e.encrypted || !isJavaArchiveName(e.name)) continue;
        if (level + 1 > INPUT_LIMITS.maxJarDepth) {
          notes.push(`${label}!/${e.name}: nested deeper than ${INPUT_LIMITS.maxJarDepth} archives, not read`);
          continue;
        }
        budget.take(e.uncompressedSize, e.name);
        try {
          await visit(`${label}!/${e.name}`, await zip.read(e), level + 1, owner);
        } catch (err) {
          if (err instanceof ManifestError) throw err;
          notes.push(`${label}!/${e.name}: ${(err as Error).message}`);
        }
      }
    } finally {
      await zip.close();
    }
  };
  await visit(path, input, depth, undefined);
  return { file: path, format: 'jar', packages: inv.list(), notes };
}

/** Parses the collected files; POM parents and requirement includes are looked up among them. */
function parseAll(files: RawFile[], unreadable: CollectResult['unreadable']): Manifest[] {
  if (files.length > INPUT_LIMITS.maxManifests) throw new ManifestError(files[0]!.path, `more than ${INPUT_LIMITS.maxManifests} manifests in the input`, 'too_large');
  const byPath = new Map(files.map((f) => [f.path, f]));
  const poms = new Map<string, PomModel>();
  for (const f of files) {
    if (!f.path.endsWith('pom.xml')) continue;
    try {
      const p = readPom(f.path, f.bytes);
      const g = p.groupId ?? p.parent?.groupId;
      if (g && p.artifactId) poms.set(`${g}:${p.artifactId}`, p);
    } catch {
      // reported when the file itself is parsed below
    }
  }
  const view = {
    include: (from: string, ref: string) => {
      const f = byPath.get(posix.normalize(posix.join(posix.dirname(from), ref)));
      return f ? { file: f.path, bytes: f.bytes } : undefined;
    },
    parentPom: (g: string, a: string) => poms.get(`${g}:${a}`),
  };
  const out: Manifest[] = [];
  for (const f of files) {
    const parse = parserFor(f.path);
    if (!parse) continue; // an auxiliary file (os-release), read by the parser that needs it
    try {
      out.push(parse(f.path, f.bytes, view));
    } catch (e) {
      if (e instanceof ManifestError && e.code === 'too_large') throw e;
      unreadable.push({ file: f.path, reason: e instanceof ManifestError ? e.message.slice(f.path.length + 2) : String((e as Error).message) });
    }
  }
  return out;
}

/** Reads every manifest of the input at `path` (named `name` by the user). */
export async function collectManifests(path: string, name: string): Promise<CollectResult> {
  const budget = new Budget();
  const unreadable: CollectResult['unreadable'] = [];
  const side = new SideFiles();
  const sources = new SourceFiles();
  const st = await stat(path);
  let files: RawFile[] = [];
  const manifests: Manifest[] = [];
  const jarRead = async (label: string, src: string | Uint8Array): Promise<void> => {
    try {
      const m = await readJar(label, src, budget);
      if (m.packages.length > 0 || m.notes.length > 0) manifests.push(m);
    } catch (e) {
      if (e instanceof ManifestError) throw e;
      unreadable.push({ file: label, reason: (e as Error).message });
    }
  };
  /** Go / cargo-auditable build info of an executable; in a folder, executables without any are not worth a note. */
  const binaryRead = async (label: string, p: string | (() => Promise<Uint8Array>), quiet: boolean, knownSize?: number): Promise<void> => {
    const size = knownSize ?? (await stat(p as string)).size;
    // Executables met in a folder are optional reading: over the bounds they are listed, not fatal to the input.
    if (quiet && (size > MAX_BINARY_BYTES || budget.bytes + size > INPUT_LIMITS.maxTotalBytes)) {
      unreadable.push({ file: label, reason: `executable not read: ${size} bytes would exceed the input's bounds` });
      return;
    }
    if (size > MAX_BINARY_BYTES) throw new ManifestError(label, `${size} bytes is over the limit of ${MAX_BINARY_BYTES}`, 'too_large');
    budget.take(size, label);
    try {
      const bytes = typeof p === 'string' ? new Uint8Array(await readFile(p)) : await p();
      // In an archive the executable bit is all that was known before reading: check the header now.
      if (quiet && !isExecutableHeader(bytes.subarray(0, 4))) return;
      manifests.push(parseBinary(label, bytes));
    } catch (e) {
      if (!(e instanceof ManifestError)) throw e;
      if (e.code === 'too_large' || !quiet) throw e;
      if (e.code !== 'unsupported') unreadable.push({ file: label, reason: e.message.slice(label.length + 2) });
    }
  };
  if (st.isDirectory()) {
    const w = await walkFolder(path, budget, side, sources);
    files = w.files;
    for (const j of w.jars) await jarRead(relative(path, j), j);
    for (const x of w.binaries) await binaryRead(relative(path, x).split('\\').join('/'), x, true);
  } else if (isManifestName(name)) {
    if (st.size > MAX_MANIFEST_BYTES) throw new ManifestError(name, `${st.size} bytes is over the limit of ${MAX_MANIFEST_BYTES}`, 'too_large');
    files = [{ path: name, bytes: new Uint8Array(await readFile(path)) }];
  } else if (isJavaArchiveName(name)) {
    const m = await readJar(name, path, budget);
    manifests.push(m);
  } else if (st.size >= 64 && isExecutableHeader(await readHead(path))) {
    await binaryRead(name, path, false);
  } else if (/\.(?:tar\.gz|tgz|tar)$/i.test(name)) {
    // A tarball of a project: streamed, only manifests, Java archives and executables' build info kept.
    let tarBinaries = 0;
    try {
      for await (const e of readTar(createReadStream(path), { limits: { maxEntries: 200_000, maxTotalUncompressed: 8 * 1024 ** 3 } })) {
        if (e.type !== 'file') continue;
        const parts = e.name.split('/');
        if (parts.includes('..')) continue;
        if (isSideFile(e.name)) {
          await side.add(e.name.replace(/^\.\//, ''), e.size, () => e.read());
          continue;
        }
        if (parts.some((p) => SKIP_DIRS.has(p))) continue;
        const base = parts[parts.length - 1]!;
        if (isManifestName(e.name)) {
          if (e.size > MAX_MANIFEST_BYTES) throw new ManifestError(e.name, `${e.size} bytes is over the limit of ${MAX_MANIFEST_BYTES}`, 'too_large');
          budget.take(e.size, e.name);
          files.push({ path: e.name.replace(/^\.\//, ''), bytes: await e.read() });
        } else if (isJavaArchiveName(base)) {
          budget.take(e.size, e.name);
          await jarRead(e.name, await e.read());
        } else if ((e.mode & 0o111) !== 0 && e.size >= 64 && tarBinaries < INPUT_LIMITS.maxBinaries) {
          // An executable of a root file system tarball (container image export): build info, if it has any.
          tarBinaries++;
          await binaryRead(e.name.replace(/^\.\//, ''), () => e.read(), true, e.size);
        } else if (isReachSource(base)) await sources.add(e.name.replace(/^\.\//, ''), e.size, () => e.read());
      }
    } catch (e) {
      if (e instanceof ManifestError) throw e;
      throw new ManifestError(name, `the tarball cannot be read: ${(e as Error).message}`, 'corrupt');
    }
  } else {
    // A zip of a project.
    let zip: ZipArchive;
    try {
      zip = await openZip(path, { limits: { maxEntries: 200_000, maxTotalUncompressed: 8 * 1024 ** 3 } });
    } catch (e) {
      throw new ManifestError(name, `not a lockfile, manifest, Java archive or zip of a project (${(e as Error).message})`, 'unsupported');
    }
    try {
      const z = await readZipManifests(zip, '', budget, side, sources);
      files = z.files;
      for (const j of z.jars) await jarRead(j.path, j.bytes);
    } finally {
      await zip.close();
    }
  }
  manifests.unshift(...parseAll(files, unreadable));
  if (sources.dropped > 0) unreadable.push({ file: '(source files for reachability hints)', reason: `${sources.dropped} file(s) over the size or count bounds were not read; "not imported" hints are left out` });
  if (side.dropped > 0) unreadable.push({ file: '(licence metadata and VEX files)', reason: `${side.dropped} file(s) over the size or count bounds were not read` });
  return { manifests, unreadable, side: [...files.filter((f) => isLicenceSource(f.path)), ...side.files], sources: sources.files, sourcesComplete: sources.dropped === 0 };
}

async function readHead(p: string): Promise<Uint8Array> {
  const fh = await open(p, 'r');
  try {
    const head = new Uint8Array(4);
    await fh.read(head, 0, 4, 0);
    return head;
  } finally {
    await fh.close();
  }
}
