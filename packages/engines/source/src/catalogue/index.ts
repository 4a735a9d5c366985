/**
 * The source-code rule catalogue as data: ids source.<category>.<name>,
 * risk, CWE, OWASP Top 10 2021 (and MASVS for the mobile items) and texts in
 * zh-CN and en (titles also in zh-TW and ja; the other Japanese texts in ja.ts).
 */
import { type Catalogue, defineCatalogue } from '@citadel/engine-core';
import { INJECTION_ITEMS } from './injection.ts';
import { JA_TEXTS } from './ja.ts';
import { OTHER_ITEMS } from './other.ts';

export const SOURCE_CATALOGUE: Catalogue = defineCatalogue([...INJECTION_ITEMS, ...OTHER_ITEMS], { ja: JA_TEXTS });

export const ruleId = (key: string): string => `source.${key}`;
