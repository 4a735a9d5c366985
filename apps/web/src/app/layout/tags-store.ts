/** Visited pages kept as tabs (SPEC §2). Overview is always first and cannot be closed. */
import { ROUTES, type Title } from '@citadel/contracts';
import { createStore } from '../store.ts';
import { HOME_PATH } from '../route-index.ts';

export interface VisitedTag {
  /** The pathname: one tab per page. */
  path: string;
  /** Pathname plus query, to come back to the same record. */
  fullPath: string;
  title: Title;
  closable: boolean;
}

const HOME_TITLE: Title = ROUTES.find((r) => `/${r.path}` === HOME_PATH)?.title ?? { zh: '总览', en: 'Overview' };
const HOME_TAG: VisitedTag = { path: HOME_PATH, fullPath: HOME_PATH, title: HOME_TITLE, closable: false };

export const tagsStore = createStore<VisitedTag[]>([HOME_TAG]);

export function visitTag(tag: Omit<VisitedTag, 'closable'>): void {
  tagsStore.set((tags) => {
    const i = tags.findIndex((x) => x.path === tag.path);
    if (i < 0) return [...tags, { ...tag, closable: tag.path !== HOME_PATH }];
    const existing = tags[i];
    if (existing && existing.fullPath === tag.fullPath && existing.title === tag.title) return tags;
    return tags.map((x, j) => (j === i ? { ...x, fullPath: tag.fullPath, title: tag.title } : x));
  });
}

/** Close one tab; returns where to go when it was the active one (the tab before it). */
export function closeTag(path: string): VisitedTag | undefined {
  const tags = tagsStore.get();
  const i = tags.findIndex((x) => x.path === path);
  const tag = tags[i];
  if (!tag || !tag.closable) return undefined;
  const rest = tags.filter((x) => x.path !== path);
  tagsStore.set(rest);
  return rest[Math.max(0, i - 1)] ?? HOME_TAG;
}

export function closeOtherTags(path: string): void {
  tagsStore.set((tags) => tags.filter((x) => !x.closable || x.path === path));
}

export function closeAllTags(): void {
  tagsStore.set((tags) => tags.filter((x) => !x.closable));
}

export function resetTags(): void {
  tagsStore.set([HOME_TAG]);
}
