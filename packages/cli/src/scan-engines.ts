/**
 * The engines a scan imports. Importing every engine package is most of a small
 * scan's time (compiling ~4 MB of engine bundles before the file picks its
 * engine: ~0.7 s of the 0.9 s a 67 KB APK took), so a scan imports only what can
 * take its input:
 * - `--platform P` (and `--url`/`--target` with their default platforms): P's own package;
 * - files: the packages in the full list's order, one by one, until one of their
 *   engines takes the first file. The registry picks the first engine in that
 *   order, so this is the engine the full list would pick;
 * - a folder (any of its files may go to any engine) and `--list-engines`: every package.
 */
import { lstat } from 'node:fs/promises';
import { basename } from 'node:path';
import { EngineRegistry, readHead } from '@citadel/engine-core';
import type { ScanArgs } from './args.ts';
import { ENGINE_PACKAGES, loadEngines } from './engines.ts';
import { loadEnginesFor } from './platform-engines.ts';

export async function enginesForScan(args: ScanArgs): Promise<EngineRegistry> {
  if (args.listEngines) return (await loadEngines()).registry;
  if (args.target) return (await loadEnginesFor(args.platform ?? 'network')).registry;
  if (args.url) return (await loadEnginesFor(args.platform ?? 'web')).registry;
  if (args.platform) return (await loadEnginesFor(args.platform)).registry;
  const first = args.inputs[0];
  const st = first ? await lstat(first).catch(() => undefined) : undefined;
  if (!first || !st?.isFile()) return (await loadEngines()).registry;
  const head = await readHead(first);
  const registry = new EngineRegistry();
  for (const pkg of ENGINE_PACKAGES) {
    for (const engine of (await loadEngines([pkg])).registry.list()) if (!registry.byName(engine.name)) registry.register(engine);
    if (registry.find(basename(first), head)) break;
  }
  return registry;
}
