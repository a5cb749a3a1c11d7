import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { API_KEY_TOKEN_MINUTES, type RevokedSessionsResponse } from '@vton/contracts';
import type { SessionCheck } from '@vton/service-kit';
import { randomUUID } from 'node:crypto';
import { IsNull, type Repository } from 'typeorm';
import { sqlTable } from '../tables/sql-table.js';
import { Session } from './session.entity.js';

/**
 * Ending sessions, and telling whether one has ended: svc-auth's own guard asks its table
 * directly (so an ended session stops at once here); the other services read the list of
 * ended sessions (`revokedSince`) and refresh it at least every SESSION_REVOCATIONS_MAX_AGE_SECONDS.
 */
@Injectable()
export class SessionsService implements SessionCheck {
  constructor(@InjectRepository(Session) private readonly sessions: Repository<Session>) {}

  /** Also for the `sid` of an API key's onward token: the key's id, ended when the key is revoked. */
  async hasEnded(sessionId: string): Promise<boolean> {
    const session = await this.sessions.findOneBy({ id: sessionId });
    if (session) return session.revokedAt !== null || session.expiresAt.getTime() <= Date.now();
    const keys: unknown[] = await this.sessions.query(`SELECT 1 FROM ${this.apiKeysTable} WHERE "id" = $1 AND "revokedAt" IS NULL`, [sessionId]);
    return keys.length === 0;
  }

  /** A new session of the user (a sign-in), ending at `expiresAt`. */
  async start(userId: number, expiresAt: Date): Promise<Session> {
    const session: Session = { id: randomUUID(), userId, createdAt: new Date(), expiresAt, revokedAt: null };
    await this.sessions.insert(session);
    return session;
  }

  /** Moves the end of a live session of the user to `expiresAt`; false when it has ended. */
  async extend(sessionId: string, userId: number, expiresAt: Date): Promise<boolean> {
    // One conditional update: a session revoked a moment ago is never renewed.
    const result = await this.sessions
      .createQueryBuilder()
      .update()
      .set({ expiresAt })
      .where('id = :id AND "userId" = :userId AND "revokedAt" IS NULL AND "expiresAt" > now()', { id: sessionId, userId })
      .execute();
    return !!result.affected;
  }

  /** Sign out: this session's tokens stop working. */
  async end(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }

  /** Sign out of all devices, and a password reset: every session of the user ends. */
  async endAll(userId: number): Promise<void> {
    await this.sessions.update({ userId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }

  /**
   * Sessions ended after `since` (all, without it) whose tokens have not expired yet, and API keys
   * revoked since then whose onward tokens (API_KEY_TOKEN_MINUTES) may still be alive: both are
   * named by the `sid` of their tokens.
   */
  async revokedSince(since: Date | undefined): Promise<RevokedSessionsResponse> {
    // The database's clock for both, read first: the caller's next `since` is taken from it.
    const [{ asOf }]: { asOf: Date }[] = await this.sessions.query('SELECT now() AS "asOf"');
    const rows: { id: string; expiresAt: Date }[] = await this.sessions.query(
      `SELECT "id", "expiresAt" FROM ${this.table}
        WHERE "revokedAt" IS NOT NULL AND "expiresAt" > now() AND ($1::timestamptz IS NULL OR "revokedAt" > $1)
       UNION ALL
       SELECT "id", "revokedAt" + make_interval(mins => $2) FROM ${this.apiKeysTable}
        WHERE "revokedAt" IS NOT NULL AND "revokedAt" + make_interval(mins => $2) > now() AND ($1::timestamptz IS NULL OR "revokedAt" > $1)`,
      [since ?? null, API_KEY_TOKEN_MINUTES],
    );
    return {
      revoked: rows.map((r) => ({ sessionId: r.id, expiresAt: new Date(r.expiresAt).toISOString() })),
      asOf: new Date(asOf).toISOString(),
    };
  }

  private get table(): string {
    return sqlTable(this.sessions.metadata);
  }

  // An API key's onward token is named by the key's id: its revocation is read in SQL here, in the
  // same statement as the sessions'. The api-keys module sits above this one (it starts sessions), so
  // its table is named, not imported.
  private get apiKeysTable(): string {
    return sqlTable(this.sessions.manager.connection.getMetadata('api_keys'));
  }
}
