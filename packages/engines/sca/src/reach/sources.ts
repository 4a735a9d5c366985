/**
 * The project's own source files kept for reachability hints (reach/): Go,
 * Rust, JavaScript/TypeScript and Python files outside installed-package and
 * build folders (the collector skips those before asking), with their own
 * bounds so a large monorepo costs a bounded read and never crowds out the
 * manifests or licence files.
 */
export const SOURCE_LIMITS = { maxFiles: 5_000, maxFileBytes: 1 << 20, maxTotalBytes: 64 << 20 };

const SOURCE_EXT = /\.(?:go|rs|[cm]?js|jsx|[cm]?ts|tsx)$/i;
/** Declarations and minified bundles say nothing about what the project calls. */
const NOT_SOURCE = /(?:\.d\.[cm]?ts|\.min\.js)$/i;

export const isReachSource = (path: string): boolean => SOURCE_EXT.test(path) && !NOT_SOURCE.test(path);

export class SourceFiles {
  readonly files: { path: string; text: string }[] = [];
  dropped = 0;
  private bytes = 0;

  async add(path: string, size: number, read: () => Promise<Uint8Array>): Promise<void> {
    if (size > SOURCE_LIMITS.maxFileBytes || this.files.length >= SOURCE_LIMITS.maxFiles || this.bytes + size > SOURCE_LIMITS.maxTotalBytes) {
      this.dropped++;
      return;
    }
    this.bytes += size;
    this.files.push({ path, text: new TextDecoder('utf-8', { fatal: false }).decode(await read()) });
  }
}
