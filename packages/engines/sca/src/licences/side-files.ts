/**
 * Files the input collector keeps beside the manifests: licence metadata of
 * installed packages (node_modules/<pkg>/package.json, *.dist-info/METADATA
 * in a virtualenv or vendored, wheels) and VEX documents. Installed-package folders
 * are skipped as manifests (they are copies, not the project's
 * declarations) but are the only place some licences are written, so they
 * are read here with their own bounds: one small file per package, a count
 * and a byte budget, depth-limited folder listing.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isVexName } from '../sbom/vex.ts';
import { isRuntimeFile } from '../eol/runtime.ts';
import { isLicenceOnlySource, isWheelName } from './extract.ts';

export const SIDE_LIMITS = { maxFiles: 20_000, maxFileBytes: 1 << 20, maxVexBytes: 16 << 20, maxWheelBytes: 64 << 20, maxTotalBytes: 256 << 20 };

// Runtime version files and Dockerfiles ride along for the end-of-life check (eol/runtime.ts).
export const isSideFile = (path: string): boolean => isLicenceOnlySource(path) || isVexName(path) || isRuntimeFile(path);

export class SideFiles {
  readonly files: { path: string; bytes: Uint8Array }[] = [];
  /** Files left out for the bounds (reported as a note). */
  dropped = 0;
  private bytes = 0;

  /** Keeps the file when it is within the bounds; `read` is called only then. */
  async add(path: string, size: number, read: () => Promise<Uint8Array>): Promise<void> {
    const max = isVexName(path) ? SIDE_LIMITS.maxVexBytes : isWheelName(path) ? SIDE_LIMITS.maxWheelBytes : SIDE_LIMITS.maxFileBytes;
    if (size > max || this.files.length >= SIDE_LIMITS.maxFiles || this.bytes + size > SIDE_LIMITS.maxTotalBytes) {
      this.dropped++;
      return;
    }
    this.bytes += size;
    this.files.push({ path, bytes: await read() });
  }

  /**
   * A skipped folder of installed packages: node_modules/<pkg>/package.json
   * (and @scope/<pkg>), or a virtualenv's lib/python3.x/site-packages/*.dist-info/METADATA.
   */
  async installed(dir: string, rel: string, name: string): Promise<void> {
    if (name === 'node_modules') {
      for (const e of await list(dir)) {
        if (!e.isDirectory() || e.name.startsWith('.')) continue;
        const pkgs = e.name.startsWith('@') ? (await list(join(dir, e.name))).filter((s) => s.isDirectory()).map((s) => `${e.name}/${s.name}`) : [e.name];
        for (const p of pkgs) await this.file(join(dir, p, 'package.json'), `${rel}/${p}/package.json`);
      }
    } else if (name === '.venv' || name === 'venv') {
      for (const lib of ['lib', 'Lib']) {
        const libDir = join(dir, lib);
        const pythons = lib === 'Lib' ? [''] : (await list(libDir)).filter((e) => e.isDirectory() && e.name.startsWith('python')).map((e) => e.name);
        for (const py of pythons) {
          const site = join(libDir, py, 'site-packages');
          for (const e of await list(site)) {
            if (e.isDirectory() && e.name.endsWith('.dist-info')) await this.file(join(site, e.name, 'METADATA'), `${rel}/${lib}/${py ? `${py}/` : ''}site-packages/${e.name}/METADATA`);
          }
        }
      }
    }
  }

  private async file(abs: string, rel: string): Promise<void> {
    const st = await stat(abs).catch(() => undefined);
    if (st?.isFile()) await this.add(rel.replace(/\/\//g, '/'), st.size, async () => new Uint8Array(await readFile(abs)));
  }
}

async function list(dir: string) {
  return (await readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) => a.name.localeCompare(b.name)).slice(0, SIDE_LIMITS.maxFiles);
}
