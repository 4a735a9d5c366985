/**
 * Session tokens: 32 random bytes handed to the browser once, stored only as a
 * SHA-256 hash. One active session per user: signing in elsewhere revokes the
 * older session, whose next call is told "logged in elsewhere".
 *
 * A session can also hand out download tickets: single-use, one-minute tokens for one
 * URL, so the browser can download a large file through a plain link (it streams to
 * disk) rather than fetch() it into memory with the session headers. A ticket is only
 * as good as its session: a revoked, expired or idle session makes it worthless.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { fail } from '../../http/app-error.ts';
import type { DB, SessionsTable } from '../../db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;
export type RevokeReason = 'logout' | 'logged_in_elsewhere' | 'password_changed' | 'disabled';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** last_seen_at is written at most this often, so every request is not a write. */
const TOUCH_INTERVAL_MS = 60_000;
/** How long a download ticket may wait to be used: the browser asks for it right before the download. */
export const TICKET_TTL_MS = 60_000;

export class Sessions {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs: number,
    private readonly idleMs: number,
  ) {}

  async create(userId: number, agent: string, ip: string): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = now + this.ttlMs;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sessions')
        .set({ revoked_at: now, revoked_reason: 'logged_in_elsewhere' })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
      await trx
        .insertInto('sessions')
        .values({ user_id: userId, token_hash: hashToken(token), agent, ip, created_at: now, expires_at: expiresAt, last_seen_at: now, revoked_at: null, revoked_reason: null })
        .execute();
    });
    return { token, expiresAt };
  }

  /** The live session of a token, or the catalogue error that explains why it is not live. */
  async resolve(token: string): Promise<SessionRow> {
    if (!token || token.length > 200) fail('invalid_token');
    const row = await this.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!row) return fail('token_not_exist');
    return this.live(row);
  }

  /** A single-use ticket for `url`, valid for TICKET_TTL_MS, tied to the session. */
  async issueTicket(sessionId: number, url: string): Promise<{ ticket: string; expiresAt: number }> {
    const ticket = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = now + TICKET_TTL_MS;
    await this.db.deleteFrom('download_tickets').where('expires_at', '<=', now).execute();
    await this.db.insertInto('download_tickets').values({ ticket_hash: hashToken(ticket), session_id: sessionId, url, expires_at: expiresAt }).execute();
    return { ticket, expiresAt };
  }

  /** Uses up a ticket for exactly this URL and returns its session, which must still be live. */
  async redeemTicket(ticket: string, url: string): Promise<SessionRow> {
    if (!ticket || ticket.length > 200) fail('invalid_token');
    // Deleting is the redemption: of two concurrent uses, one gets the row.
    const used = await this.db
      .deleteFrom('download_tickets')
      .where('ticket_hash', '=', hashToken(ticket))
      .where('url', '=', url)
      .where('expires_at', '>', Date.now())
      .returning('session_id')
      .executeTakeFirst();
    if (!used) return fail('invalid_token');
    const row = await this.db.selectFrom('sessions').selectAll().where('id', '=', used.session_id).executeTakeFirst();
    if (!row) return fail('token_not_exist');
    return this.live(row);
  }

  /** The row if its session is live, or the catalogue error that explains why it is not. */
  private async live(row: SessionRow): Promise<SessionRow> {
    const now = Date.now();
    if (row.revoked_at !== null) {
      if (row.revoked_reason === 'logged_in_elsewhere') fail('logged_in_elsewhere');
      fail('invalid_session');
    }
    if (row.expires_at <= now) fail('token_expired');
    if (now - row.last_seen_at > this.idleMs) {
      await this.revokeRow(row.id, 'logout');
      fail('auto_logout_timeout');
    }
    if (now - row.last_seen_at > TOUCH_INTERVAL_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    }
    return row;
  }

  async revoke(token: string, reason: RevokeReason): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: Date.now(), revoked_reason: reason }).where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).execute();
  }

  async revokeAllOf(userId: number, reason: RevokeReason): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: Date.now(), revoked_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  private async revokeRow(id: number, reason: RevokeReason): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: Date.now(), revoked_reason: reason }).where('id', '=', id).execute();
  }
}
