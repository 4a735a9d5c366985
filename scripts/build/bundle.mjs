/**
 * esbuild bundles of the server, worker, child-process entries and CLI into one
 * flat folder (dist/ at the repository root). Why bundles and not `tsc` output:
 * the workspace packages export their TypeScript sources (`./src/index.ts`),
 * so per-file JavaScript would need every package's exports rewritten, and a
 * process would still load ~1,000 modules at start; a bundle is a handful of
 * files (measured in docs/administration.md#build). Third-party packages stay
 * external and are loaded from node_modules, as they were built to be.
 *
 * The folder is flat on purpose: code that finds a file next to itself with
 * `new URL('./x', import.meta.url)` (child entries, the APK digest worker) finds
 * it in dist/ whichever chunk it ended up in.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** name in dist/ → TypeScript entry (relative to the repository root). */
export const ENTRIES = {
  server: 'apps/server/src/main.ts',
  worker: 'apps/server/src/worker-main.ts',
  'engine-child': 'apps/server/src/jobs/runner/engine-child.ts',
  'render-child': 'apps/server/src/domain/reports/render-child.ts',
  'generation-child': 'apps/server/src/domain/whitebox/generation-child.ts',
  'carve-child': 'apps/server/src/domain/firmware-files/carve-child.ts',
  'job-child': 'apps/server/src/domain/shield/job-child.ts',
  citadel: 'packages/cli/src/main.ts',
};

/** Plain JavaScript files loaded at run time by path (worker threads): copied next to the bundles. */
const COPIED = ['packages/engines/android/src/apk/integrity/digest-worker.mjs', 'packages/engines/android/src/apk/integrity/digest-pass.mjs'];

/**
 * Third-party packages bundled all the same: plain JavaScript with no files of
 * their own to find at run time, shipped as hundreds of small modules. Kysely's
 * ESM build is ~970 files; loading them was most of the CLI's start-up.
 */
const BUNDLED = new Set(['kysely']);

/** Workspace packages are bundled (their exports are TypeScript); other packages stay external except BUNDLED. */
const externals = {
  name: 'externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      if (name === undefined || name.startsWith('@citadel/') || BUNDLED.has(name) || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * The CLI's engine loader imports each package named in ENGINE_PACKAGES with
 * `import(pkg)`, which a bundler cannot follow. In the bundle that call goes
 * through a generated table of literal imports, one lazy chunk per engine, made
 * from the list in the source, so an engine added there is bundled with no
 * change here. The build fails if the call or the list is no longer found.
 */
function engineTable(root) {
  const file = path.join(root, 'packages/cli/src/engines.ts');
  return {
    name: 'engine-table',
    setup(build) {
      build.onLoad({ filter: /packages[\\/]cli[\\/]src[\\/]engines\.ts$/ }, (args) => {
        if (path.resolve(args.path) !== file) return undefined;
        const source = readFileSync(file, 'utf8');
        const list = /ENGINE_PACKAGES\s*=\s*\[([^\]]*)\]/.exec(source);
        // Dynamic imports of a variable (`import(pkg)`), the only kind a bundler cannot follow.
        const calls = source.match(/\bimport\(([A-Za-z_$][\w$]*)\)/g) ?? [];
        if (!list || calls.length === 0) throw new Error('packages/cli/src/engines.ts changed: the build expects ENGINE_PACKAGES = [...] and `import(pkg)` of a variable');
        const names = [...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
        const table = names.map((n) => `  case ${JSON.stringify(n)}: return import(${JSON.stringify(n)});`).join('\n');
        const contents = `${source.replace(/\bimport\(([A-Za-z_$][\w$]*)\)/g, 'importEnginePackage($1)')}
function importEnginePackage(pkg: string): Promise<unknown> {
  switch (pkg) {
${table}
  default: return import(pkg);
  }
}
`;
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** Bundles into `outdir` (emptied first); returns esbuild's metafile. */
export async function bundle(root, outdir) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, src]) => [name, path.join(root, src)])),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    plugins: [externals, engineTable(root)],
    metafile: true,
    logLevel: 'warning',
  });
  for (const f of COPIED) copyFileSync(path.join(root, f), path.join(outdir, path.basename(f)));
  writeFileSync(path.join(outdir, 'package.json'), `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);
  return result.metafile;
}
