/** Compare two image files end to end (CLI `--compare A B`): assess both, compare, add text diffs of changed text files. */
import type { EngineOptions } from '@citadel/engine-core';
import { engine } from '../engine.ts';
import { type FirmwareComparison, compareAssessments, withTextDiffs } from './compare.ts';

export async function compareImages(a: { path: string; name: string }, b: { path: string; name: string }, options: EngineOptions = {}, signal?: AbortSignal): Promise<FirmwareComparison> {
  const ctx = signal ? { signal } : {};
  const x = await engine.assess({ files: [a] }, options, ctx);
  const y = await engine.assess({ files: [b] }, options, ctx);
  return withTextDiffs(compareAssessments(x.assessment, y.assessment), x.facts.view.nodes, y.facts.view.nodes);
}
