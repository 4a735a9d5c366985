/** Version management calls (SPEC §2 *-version views): a package's finished assessments and the diff of two. */
import type { VersionDiffAnswer, VersionListAnswer } from '@citadel/contracts';
import { post, type RequestOptions } from './request.ts';

export const listVersions = (task_uid: string, opts: RequestOptions = {}): Promise<VersionListAnswer> => post<VersionListAnswer>('/task/versions', { task_uid }, opts);

/** Rule titles come in the UI language (the request layer sends the `lang` header). */
export const diffVersions = (base_task_uid: string, compare_task_uid: string, opts: RequestOptions = {}): Promise<VersionDiffAnswer> =>
  post<VersionDiffAnswer>('/task/versionDiff', { base_task_uid, compare_task_uid }, opts);
