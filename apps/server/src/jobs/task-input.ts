/**
 * Turns a task into the engine's input on local disk: a URL as it is, a sample
 * fetched from storage into a temporary file (the DOWNLOADING state). The
 * worker removes the temporary files when the engine is done.
 */
import type { EngineInput } from '@citadel/engine-core';
import type { TaskRecord } from '../domain/tasks/task-repository.ts';

export interface ResolvedInput {
  input: EngineInput;
  cleanup(): Promise<void>;
}

export interface TaskInputResolver {
  resolve(task: TaskRecord, signal: AbortSignal): Promise<ResolvedInput>;
}

/** Fetches a sample's bytes to a local file; supplied by the samples module. */
export type SampleFetcher = (sampleId: number, signal: AbortSignal) => Promise<{ path: string; name: string; size: number; cleanup(): Promise<void> }>;

export class DefaultInputResolver implements TaskInputResolver {
  constructor(private readonly fetchSample?: SampleFetcher) {}

  async resolve(task: TaskRecord, signal: AbortSignal): Promise<ResolvedInput> {
    if (task.sample_id === null) return { input: { files: [], url: task.url }, cleanup: async () => undefined };
    if (!this.fetchSample) throw new Error('sample storage is not configured');
    const file = await this.fetchSample(task.sample_id, signal);
    return { input: { files: [{ path: file.path, name: file.name, size: file.size }], ...(task.url ? { url: task.url } : {}) }, cleanup: file.cleanup };
  }
}
