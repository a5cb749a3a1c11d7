import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ErrorCode, JWT_ALGORITHM, JWT_AUDIENCE, JWT_ISSUER, SESSION_DAYS } from '@vton/contracts';
import { ApiException, type AuthenticatedUser } from '@vton/service-kit';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Repository } from 'typeorm';
import { Session } from '../sessions/session.entity.js';
import { SigningKeys } from './signing-keys.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Issues the tokens every service accepts (ES256, checked against svc-auth's JWKS). Each token
 * names its session (`sid`) and expires with it; renewing gives a new token of the same session
 * and moves the session's end to SESSION_DAYS from now (a rolling week).
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly keys: SigningKeys,
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
  ) {}

  /** Starts a session for a sign-in and returns its first token. */
  async issue(user: { id: number; email: string }): Promise<string> {
    const session: Session = { id: randomUUID(), userId: user.id, createdAt: new Date(), expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS), revokedAt: null };
    await this.sessions.insert(session);
    return this.sign(user, session.id, session.expiresAt);
  }

  /** A fresh token of the caller's session, which now ends SESSION_DAYS from now; 401 when it has ended. */
  async renew(user: AuthenticatedUser): Promise<string> {
    const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
    // One conditional update: a session revoked a moment ago is never renewed.
    const result = await this.sessions
      .createQueryBuilder()
      .update()
      .set({ expiresAt })
      .where('id = :id AND "userId" = :userId AND "revokedAt" IS NULL AND "expiresAt" > now()', { id: user.sessionId, userId: user.id })
      .execute();
    if (!result.affected) throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Your session has ended. Please sign in again');
    return this.sign(user, user.sessionId, expiresAt);
  }

  sign(user: { id: number; email: string }, sessionId: string, expiresAt: Date): Promise<string> {
    return new SignJWT({ email: user.email, sid: sessionId })
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: this.keys.kid, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.keys.privateKey);
  }
}
