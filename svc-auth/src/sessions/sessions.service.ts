import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { RevokedSessionsResponse } from '@vton/contracts';
import type { SessionCheck } from '@vton/service-kit';
import { IsNull, type Repository } from 'typeorm';
import { Session } from './session.entity.js';

/**
 * Ending sessions, and telling whether one has ended: svc-auth's own guard asks its table
 * directly (so an ended session stops at once here); the other services read the list of
 * ended sessions (`revokedSince`) and refresh it at least every SESSION_REVOCATIONS_MAX_AGE_SECONDS.
 */
@Injectable()
export class SessionsService implements SessionCheck {
  constructor(@InjectRepository(Session) private readonly sessions: Repository<Session>) {}

  async hasEnded(sessionId: string): Promise<boolean> {
    const session = await this.sessions.findOneBy({ id: sessionId });
    return !session || session.revokedAt !== null || session.expiresAt.getTime() <= Date.now();
  }

  /** Sign out: this session's tokens stop working. */
  async end(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }

  /** Sign out of all devices, and a password reset: every session of the user ends. */
  async endAll(userId: number): Promise<void> {
    await this.sessions.update({ userId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }

  /** Sessions ended after `since` (all, without it) whose tokens have not expired yet. */
  async revokedSince(since: Date | undefined): Promise<RevokedSessionsResponse> {
    // The database's clock for both, read first: the caller's next `since` is taken from it.
    const [{ asOf }]: { asOf: Date }[] = await this.sessions.query('SELECT now() AS "asOf"');
    const rows: { id: string; expiresAt: Date }[] = await this.sessions.query(
      `SELECT "id", "expiresAt" FROM ${this.table}
        WHERE "revokedAt" IS NOT NULL AND "expiresAt" > now() AND ($1::timestamptz IS NULL OR "revokedAt" > $1)`,
      [since ?? null],
    );
    return {
      revoked: rows.map((r) => ({ sessionId: r.id, expiresAt: new Date(r.expiresAt).toISOString() })),
      asOf: new Date(asOf).toISOString(),
    };
  }

  private get table(): string {
    return this.sessions.metadata.tablePath
      .split('.')
      .map((part) => `"${part}"`)
      .join('.');
  }
}
