import { Injectable } from '@nestjs/common';
import { ErrorCode, JWT_ALGORITHM, JWT_AUDIENCE, JWT_ISSUER, SESSION_DAYS } from '@vton/contracts';
import { ApiException, type AuthenticatedUser } from '@vton/service-kit';
import { SignJWT } from 'jose';
import { SessionsService } from '../sessions/sessions.service.js';
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
    private readonly sessions: SessionsService,
  ) {}

  /** Starts a session for a sign-in and returns its first token. */
  async issue(user: { id: number; email: string }): Promise<string> {
    const session = await this.sessions.start(user.id, new Date(Date.now() + SESSION_DAYS * DAY_MS));
    return this.sign(user, session.id, session.expiresAt);
  }

  /** A fresh token of the caller's session, which now ends SESSION_DAYS from now; 401 when it has ended. */
  async renew(user: AuthenticatedUser): Promise<string> {
    const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
    if (!(await this.sessions.extend(user.sessionId, user.id, expiresAt))) throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Your session has ended. Please sign in again');
    return this.sign(user, user.sessionId, expiresAt);
  }

  /**
   * The short-lived token a service uses to act for an API key's owner on another service: `sid`
   * is the key's id (so revoking the key ends it through the same list as sessions) and `scope`
   * limits it to the key's scopes. It never reaches the key's holder.
   */
  signForApiKey(user: { id: number; email: string }, keyId: string, scopes: readonly string[], expiresAt: Date): Promise<string> {
    return this.sign(user, keyId, expiresAt, { scope: scopes.join(' ') });
  }

  sign(user: { id: number; email: string }, sessionId: string, expiresAt: Date, extraClaims: Record<string, string> = {}): Promise<string> {
    return new SignJWT({ email: user.email, sid: sessionId, ...extraClaims })
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: this.keys.kid, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.keys.privateKey);
  }
}
