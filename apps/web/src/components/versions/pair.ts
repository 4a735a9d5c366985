/** Which two versions are compared first: the opened task against the version before it. */
import type { VersionEntry } from '@citadel/contracts';

/**
 * `list` is newest first. The opened task is the compared version and the next
 * older one its base; when the opened task is the oldest, it becomes the base
 * of the next newer one. Undefined when there is nothing to compare.
 */
export function defaultPair(list: readonly VersionEntry[], openedUid: string): { base: string; compare: string } | undefined {
  if (list.length < 2) return undefined;
  const i = Math.max(0, list.findIndex((v) => v.task_uid === openedUid));
  if (i + 1 < list.length) return { base: list[i + 1]!.task_uid, compare: list[i]!.task_uid };
  return { base: list[i]!.task_uid, compare: list[i - 1]!.task_uid };
}
