/**
 * How the server starts a child-process entry (engine runs, report rendering,
 * white-box generation). From the built bundle (`npm run build`, dist/) every
 * entry is a JavaScript file next to the running code and starts with plain
 * Node; from the TypeScript sources (development, tests) it starts through tsx.
 * tsx is resolved only in the second case, so a built install need not have it.
 */
import { fileURLToPath } from 'node:url';

export interface ChildEntry {
  /** The file to fork. */
  file: string;
  /** Node options that load it (the TypeScript loader from sources; none when built). */
  execArgv: string[];
}

/** `source` is the entry's TypeScript URL relative to its caller, e.g. new URL('./engine-child.ts', import.meta.url). */
export function childEntry(source: URL): ChildEntry {
  if (!isBuilt()) return { file: fileURLToPath(source), execArgv: ['--import', import.meta.resolve('tsx')] };
  // The bundle is one flat folder: the entry is named after its source file.
  const name = source.pathname.split('/').pop()!.replace(/\.ts$/, '.js');
  return { file: fileURLToPath(new URL(`./${name}`, import.meta.url)), execArgv: [] };
}

/** Whether this code runs from the bundle (a .js file) rather than from its TypeScript source. */
export function isBuilt(): boolean {
  return !import.meta.url.endsWith('.ts');
}
