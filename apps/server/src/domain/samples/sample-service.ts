/**
 * Samples: an uploaded target file with its metadata. Storing a finished upload
 * reuses the customer's existing sample of the same MD5 (and its stored object);
 * deleting follows SPEC §5 (admin or the uploader); a stored object is removed
 * only when no live sample of any customer still points at it.
 */
import { rm } from 'node:fs/promises';
import { sampleCategory } from '@citadel/contracts';
import { fail } from '../../http/app-error.ts';
import type { ContentHashes, ObjectStorage } from '../../storage/index.ts';
import type { SampleRow, SampleScope, SamplesRepository } from './samples-repository.ts';

export interface Uploader {
  userId: number;
  userName: string;
  customerId: number;
  isAdmin: boolean;
}

export interface RecordedSample {
  sample: SampleRow;
  /** The customer already had this content: nothing new was stored. */
  existed: boolean;
}

export const scopeOf = (who: Pick<Uploader, 'isAdmin' | 'customerId'>): SampleScope => ({ isAdmin: who.isAdmin, customerId: who.customerId });

export class SampleService {
  constructor(
    readonly repo: SamplesRepository,
    readonly storage: ObjectStorage,
  ) {}

  /** Turns a finished, checked file into a sample; the file is moved into storage or removed. */
  async record(file: { path: string; name: string; extension: string; hashes: ContentHashes }, who: Uploader): Promise<RecordedSample> {
    const existing = await this.repo.findByMd5(who.customerId, file.hashes.md5);
    if (existing && !existing.cleaned) {
      await rm(file.path, { force: true });
      return { sample: existing, existed: true };
    }
    const stored = await this.storage.putFile(file.path, file.hashes);
    const now = Date.now();
    if (existing) {
      const sample = await this.repo.revive(existing.id, { storage_key: stored.key, name: file.name, uploader_id: who.userId, uploader_name: who.userName, created_at: now });
      return { sample, existed: false };
    }
    const inserted = await this.repo.insert({
      name: file.name,
      size: stored.size,
      md5: stored.md5,
      sha256: stored.sha256,
      extension: file.extension,
      category: sampleCategory(file.extension),
      storage_key: stored.key,
      uploader_id: who.userId,
      uploader_name: who.userName,
      customer_id: who.customerId,
      created_at: now,
    });
    if (inserted) return { sample: inserted, existed: false };
    // A concurrent upload of the same content by the same customer inserted first; its object is this one.
    const winner = await this.repo.findByMd5(who.customerId, stored.md5);
    if (!winner) fail('save_failed');
    return { sample: winner, existed: true };
  }

  /** SPEC §5: the admin, or the user who uploaded the sample. Other customers' samples do not exist for the caller. */
  async remove(who: Uploader, id: number): Promise<void> {
    const sample = await this.repo.findById(scopeOf(who), id);
    if (!sample) fail('file_not_found');
    if (!who.isAdmin && sample.uploader_id !== who.userId) fail('illegal_operation');
    await this.repo.delete(sample.id);
    if (!sample.cleaned && !(await this.repo.keyInUse(sample.storage_key))) await this.storage.delete(sample.storage_key);
  }

  /** The sample a download names (by storage key or id), within the caller's scope; cleaned samples have no file. */
  async forDownload(who: Pick<Uploader, 'isAdmin' | 'customerId'>, ref: { key?: string; id?: number }): Promise<SampleRow> {
    const scope = scopeOf(who);
    const sample = ref.id !== undefined ? await this.repo.findById(scope, ref.id) : ref.key ? await this.repo.findByKey(scope, ref.key) : undefined;
    if (!sample || sample.cleaned) fail('file_not_found');
    return sample;
  }
}
