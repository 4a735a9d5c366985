/**
 * How an engine's run() starts, the same in every engine: its one input file
 * (an unsupported_format error without one; stopped when already cancelled),
 * the platform the task asked for when this engine serves it, and the
 * builder that carries the engine's name, version and catalogue.
 */
import type { Platform } from '@citadel/contracts';
import { AssessmentBuilder } from './builder.ts';
import { type Engine, type EngineContext, type EngineInput, EngineInputError, type EngineOptions, type InputFile } from './types.ts';

/** The input file of an engine that assesses one file. */
export function singleInputFile(input: EngineInput, ctx: EngineContext): InputFile {
  const file = input.files[0];
  if (!file) throw new EngineInputError('unsupported_format', 'no input file');
  ctx.signal?.throwIfAborted();
  return file;
}

/** The task's platform when it is one of `served`, else undefined (the engine then goes by the input). */
export function requestedPlatform<P extends Platform>(options: EngineOptions, served: readonly P[]): P | undefined {
  return served.find((p) => p === options.platform);
}

/** The builder of one run of `engine` on `platform`. */
export function startAssessment(engine: Pick<Engine, 'name' | 'version' | 'catalogue'>, platform: Platform, options: EngineOptions, ctx: EngineContext): AssessmentBuilder {
  return new AssessmentBuilder({ engine: { name: engine.name, version: engine.version }, platform, catalogue: engine.catalogue, options, ctx });
}
