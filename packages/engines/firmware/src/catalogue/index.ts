/**
 * The firmware rule catalogue as data: one file per area, every item with a
 * stable id (firmware.<category>.<name>), risk, CWE, OWASP Top 10 2021 ids and
 * texts in zh-CN, en and ja (titles also zh-TW; the rest of zh-TW by OpenCC).
 */
import { type Catalogue, type KeyedRuleItem, type TranslationTable, defineKeyedCatalogue } from '@citadel/engine-core';
import { ACCOUNTS } from './accounts.ts';
import { BINARY } from './binary.ts';
import { NETWORK, SECRETS, WEB } from './exposure.ts';
import { COMPONENTS, IDENTITY, UNPACK } from './image.ts';

const GROUPS = [UNPACK, IDENTITY, ACCOUNTS, COMPONENTS, BINARY, NETWORK, SECRETS, WEB];

export const FIRMWARE_ITEMS: readonly KeyedRuleItem[] = GROUPS.flatMap((g) => g.items);
const JA: TranslationTable = Object.assign({}, ...GROUPS.map((g) => g.ja));

export const FIRMWARE_CATALOGUE: Catalogue = defineKeyedCatalogue(FIRMWARE_ITEMS, ['firmware'], { ja: JA });
