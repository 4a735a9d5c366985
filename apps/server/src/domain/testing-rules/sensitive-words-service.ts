/**
 * Sensitive words (SPEC §3, §5): one comma-separated list shared by every
 * customer (kept by admin) and one per customer; English commas only, each
 * word trimmed. The engines get the union and report each occurrence with its
 * location.
 */
import { parseSensitiveWords } from '@citadel/engine-core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';
import { assertGrant, newRowOwner } from './ownership.ts';

export const SENSITIVE_RESOURCE = 'Rule_SensitiveWords';
export const MAX_WORDS = 1000;
export const MAX_WORD_LENGTH = 100;
/** Separators people type instead of the English comma: refused with the SPEC §5 rule's message. */
const WRONG_SEPARATORS = /[，、；;]/;

export interface SensitiveWordsView {
  /** The list the caller edits (admin: the shared one), joined with English commas. */
  words: string;
  /** For customers' users: the shared words their assessments also use. */
  shared: string[];
}

/** SPEC §5 validation of a submitted list; returns the clean words. */
export function validateSensitiveWords(input: string): string[] {
  if (WRONG_SEPARATORS.test(input)) fail('sensitive_words_separator');
  const words = parseSensitiveWords(input);
  if (words.length > MAX_WORDS) fail('illegal_parameter', `at most ${MAX_WORDS} words`);
  if (words.some((w) => w.length > MAX_WORD_LENGTH)) fail('illegal_parameter', `a word has at most ${MAX_WORD_LENGTH} characters`);
  return words;
}

export class SensitiveWordsService {
  constructor(private readonly db: Kysely<DB>) {}

  private async wordsOf(customerId: number | null): Promise<string[]> {
    let q = this.db.selectFrom('sensitive_words').select('words');
    q = customerId === null ? q.where('customer_id', 'is', null) : q.where('customer_id', '=', customerId);
    const row = await q.orderBy('id', 'desc').executeTakeFirst();
    return row ? parseSensitiveWords(row.words) : [];
  }

  async get(who: Identity): Promise<SensitiveWordsView> {
    assertGrant(who, SENSITIVE_RESOURCE, 'view');
    const owner = newRowOwner(who);
    return { words: (await this.wordsOf(owner)).join(','), shared: owner === null ? [] : await this.wordsOf(null) };
  }

  async save(who: Identity, input: string): Promise<SensitiveWordsView> {
    assertGrant(who, SENSITIVE_RESOURCE, 'edit');
    const words = validateSensitiveWords(input);
    const owner = newRowOwner(who);
    await this.db.transaction().execute(async (trx) => {
      let del = trx.deleteFrom('sensitive_words');
      del = owner === null ? del.where('customer_id', 'is', null) : del.where('customer_id', '=', owner);
      await del.execute();
      await trx.insertInto('sensitive_words').values({ customer_id: owner, words: words.join(','), updated_by: who.user.id, updated_at: Date.now() }).execute();
    });
    return this.get(who);
  }

  /** The words an assessment of this customer looks for: the shared list and the customer's. */
  async wordsFor(customerId: number): Promise<string[]> {
    return [...new Set([...(await this.wordsOf(null)), ...(await this.wordsOf(customerId))])];
  }
}
