/**
 * Fetches a sample's stored object into the worker's scratch folder for an
 * engine to read. The local file name is built from the sample id and its
 * checked extension, never from the uploaded name (which stays the display name).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { SamplesRepository } from '../domain/samples/samples-repository.ts';
import type { ObjectStorage } from '../storage/index.ts';
import type { SampleFetcher } from './task-input.ts';

export function sampleFetcher(samples: SamplesRepository, storage: ObjectStorage, scratchDir: string): SampleFetcher {
  return async (sampleId, signal) => {
    const sample = await samples.findById({ isAdmin: true, customerId: 0 }, sampleId);
    if (!sample) throw new Error('the sample no longer exists');
    if (sample.cleaned) throw new Error('the sample was removed by the retention policy');
    const dir = path.join(scratchDir, `task-input-${sampleId}-${process.pid}-${Date.now()}`);
    await mkdir(dir, { recursive: true });
    const ext = /^[a-z0-9.]{1,12}$/i.test(sample.extension) ? sample.extension.replace(/^\.*/, '') : 'bin';
    const file = path.join(dir, `sample-${sampleId}.${ext}`);
    try {
      await pipeline(await storage.get(sample.storage_key), createWriteStream(file), { signal });
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
    return { path: file, name: sample.name, size: sample.size, cleanup: () => rm(dir, { recursive: true, force: true }) };
  };
}
