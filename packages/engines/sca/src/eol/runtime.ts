/**
 * The runtimes a project says it runs on, for their end of life: version
 * files (.nvmrc, .node-version, .python-version, .ruby-version, Heroku's
 * runtime.txt, asdf's .tool-versions) and the base images of Dockerfiles
 * (`FROM node:14-alpine`, `FROM python:3.8-slim`). A lockfile does not say
 * which interpreter runs it, so without these files the runtime is not known
 * (Go's comes from go.mod as the `stdlib` component). Only numeric versions
 * are taken: `lts/*`, `latest` or a digest say nothing about a release cycle.
 */
export type Runtime = 'node' | 'python' | 'ruby' | 'php' | 'go';

export interface RuntimeUse {
  runtime: Runtime;
  version: string;
  file: string;
}

const SKIP = /(?:^|\/)(?:node_modules|vendor|\.git|\.venv|venv|target|build|dist|__pycache__)\//;
const VERSION_FILES: Record<string, Runtime> = { '.nvmrc': 'node', '.node-version': 'node', '.python-version': 'python', '.ruby-version': 'ruby' };
const IMAGES: Record<string, Runtime> = { node: 'node', python: 'python', ruby: 'ruby', php: 'php', golang: 'go' };
const TOOLS: Record<string, Runtime> = { nodejs: 'node', node: 'node', python: 'python', ruby: 'ruby', php: 'php', golang: 'go', go: 'go' };

const base = (p: string): string => p.slice(p.lastIndexOf('/') + 1);
const isDockerfile = (b: string): boolean => /^(?:Dockerfile|Containerfile)(?:\..+)?$|\.(?:Dockerfile|dockerfile)$/.test(b);

export function isRuntimeFile(path: string): boolean {
  if (SKIP.test(path)) return false;
  const b = base(path);
  return b in VERSION_FILES || b === 'runtime.txt' || b === '.tool-versions' || isDockerfile(b);
}

/** "v14.17.0" → "14.17.0"; "3.8-slim" → "3.8"; undefined when it does not start with a number. */
const numeric = (s: string): string | undefined => /^v?(\d+(?:\.\d+){0,2})/.exec(s.trim())?.[1];

export function runtimesOf(files: readonly { path: string; bytes: Uint8Array }[]): RuntimeUse[] {
  const out = new Map<string, RuntimeUse>();
  const add = (runtime: Runtime, raw: string, file: string): void => {
    const version = numeric(raw);
    if (version && !out.has(`${runtime}|${version}|${file}`)) out.set(`${runtime}|${version}|${file}`, { runtime, version, file });
  };
  for (const f of files) {
    if (!isRuntimeFile(f.path) || f.bytes.length > 1 << 20) continue;
    const text = new TextDecoder().decode(f.bytes);
    const b = base(f.path);
    const first = text.split(/\r?\n/).map((l) => l.trim()).find((l) => l && !l.startsWith('#')) ?? '';
    if (b in VERSION_FILES) add(VERSION_FILES[b]!, first.replace(/^(?:ruby|python|node)-/, ''), f.path);
    else if (b === 'runtime.txt') {
      const m = /^(python|ruby|php|node(?:js)?)-(\S+)/.exec(first);
      if (m) add(TOOLS[m[1]!] ?? 'python', m[2]!, f.path);
    } else if (b === '.tool-versions') {
      for (const line of text.split(/\r?\n/)) {
        const m = /^\s*([a-z]+)\s+(\S+)/.exec(line);
        if (m && TOOLS[m[1]!]) add(TOOLS[m[1]!]!, m[2]!, f.path);
      }
    } else {
      // FROM [--platform=…] [registry/][library/]image:tag [AS name]
      for (const m of text.matchAll(/^\s*FROM\s+(?:--\S+\s+)*(\S+)/gim)) {
        const ref = m[1]!;
        const colon = ref.lastIndexOf(':');
        if (colon < 0 || ref.includes('@')) continue;
        const image = ref.slice(0, colon).split('/').pop()!.toLowerCase();
        const runtime = IMAGES[image];
        if (runtime) add(runtime, ref.slice(colon + 1), f.path);
      }
    }
  }
  return [...out.values()];
}
