/** The messages between a worker and the child process that runs one engine. */
import type { Assessment, Platform } from '@citadel/contracts';
import type { EngineInput, EngineOptions } from '@citadel/engine-core';

export interface RunRequest {
  type: 'run';
  platform: Platform;
  input: EngineInput;
  options: EngineOptions;
}

export type ParentMessage = RunRequest | { type: 'abort' };

export type ChildMessage =
  /** Engines for a platform loaded: the parent notes the child's resting memory. */
  | { type: 'ready'; rssMb: number }
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; assessment: Assessment }
  /** The input as a whole cannot be assessed (EngineInputError): a user-facing reason. */
  | { type: 'input_error'; code: string; message: string }
  | { type: 'error'; message: string };
