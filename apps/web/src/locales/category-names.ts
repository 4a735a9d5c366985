import { CATEGORY_NAMES } from '@citadel/contracts';

/** The rule categories in one language of the shared table (0 zh-CN, 2 en), as an i18next block. */
export function categoryNamesIn(index: 0 | 2): Record<string, string> {
  return Object.fromEntries(Object.entries(CATEGORY_NAMES).map(([key, names]) => [key, names[index]]));
}
