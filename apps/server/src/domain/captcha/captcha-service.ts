/**
 * Captchas live in the database (any server process can check one another
 * issued) as a hash of id+answer. A captcha is single-use: a login attempt or a
 * wrong verifyCode consumes it, so guessing needs a new image every time.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { randomDigits, renderCaptcha } from './render.ts';

const hash = (id: string, answer: string) => createHash('sha256').update(`${id}:${answer.trim()}`).digest('hex');

export class CaptchaService {
  /** Answers kept only when test hooks are on, for GET /__test/captcha/:id. */
  private readonly testAnswers?: Map<string, string>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlSeconds: number,
    keepAnswersForTests: boolean,
  ) {
    if (keepAnswersForTests) this.testAnswers = new Map();
  }

  async issue(): Promise<{ id: string; png: Buffer; expiresIn: number }> {
    const id = randomBytes(16).toString('hex');
    const answer = randomDigits(4);
    const now = Date.now();
    await this.db.deleteFrom('captchas').where('expires_at', '<', now).execute();
    await this.db.insertInto('captchas').values({ id, answer_hash: hash(id, answer), expires_at: now + this.ttlSeconds * 1000 }).execute();
    this.testAnswers?.set(id, answer);
    return { id, png: renderCaptcha(answer), expiresIn: this.ttlSeconds };
  }

  /**
   * Checks an answer. `consume`: delete the captcha whatever the outcome (login);
   * otherwise only a wrong answer deletes it (verifyCode as a pre-check).
   */
  async check(id: string, answer: string, consume: boolean): Promise<'ok' | 'wrong' | 'expired'> {
    const row = await this.db.selectFrom('captchas').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.expires_at < Date.now()) {
      if (row) await this.remove(id);
      return 'expired';
    }
    const ok = row.answer_hash === hash(id, answer);
    if (consume || !ok) await this.remove(id);
    return ok ? 'ok' : 'wrong';
  }

  testAnswer(id: string): string | undefined {
    return this.testAnswers?.get(id);
  }

  private async remove(id: string): Promise<void> {
    await this.db.deleteFrom('captchas').where('id', '=', id).execute();
    this.testAnswers?.delete(id);
  }
}
