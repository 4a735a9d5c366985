/** The testing rules of one customer as engine options: passed to every assessment the worker runs for that customer. */
import type { EngineOptions } from '@citadel/engine-core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { EvaluationSettingsService } from './evaluation-settings-service.ts';
import { SdkLibraryService } from './sdk-library-service.ts';
import { SensitiveWordsService } from './sensitive-words-service.ts';
import { WhitelistService } from './whitelist-service.ts';

export type RuleOptions = Pick<EngineOptions, 'whitelist' | 'sensitiveWords' | 'sdkLibrary'>;

export function ruleOptionsSource(whitelists: WhitelistService, sdks: SdkLibraryService, words: SensitiveWordsService): (customerId: number) => Promise<RuleOptions> {
  return async (customerId) => {
    const [whitelist, sdkLibrary, sensitiveWords] = await Promise.all([whitelists.entriesFor(customerId), sdks.libraryFor(customerId), words.wordsFor(customerId)]);
    return { whitelist, sdkLibrary, sensitiveWords };
  };
}

export interface TestingRules {
  whitelists: WhitelistService;
  sdks: SdkLibraryService;
  words: SensitiveWordsService;
  settings: EvaluationSettingsService;
  /** The engine options of one customer's next assessment. */
  optionsFor(customerId: number): Promise<RuleOptions>;
}

/** Every testing-rule service over one database (the portal's and a separate worker process's alike). */
export function createTestingRules(db: Kysely<DB>, settingDefaults: ConstructorParameters<typeof EvaluationSettingsService>[1]): TestingRules {
  const whitelists = new WhitelistService(db);
  const sdks = new SdkLibraryService(db);
  const words = new SensitiveWordsService(db);
  return { whitelists, sdks, words, settings: new EvaluationSettingsService(db, settingDefaults), optionsFor: ruleOptionsSource(whitelists, sdks, words) };
}
