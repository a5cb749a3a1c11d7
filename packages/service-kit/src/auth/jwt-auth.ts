import { HttpException, Inject, Injectable, UnauthorizedException, type ExecutionContext, type Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import {
  API_KEY_ERRORS,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  AUTH_ERRORS,
  ErrorCode,
  JWT_ALGORITHM,
  JWT_AUDIENCE,
  JWT_ISSUER,
  type ApiKeyScope,
} from '@vton/contracts';
import type { Request, Response } from 'express';
import { decodeProtectedHeader } from 'jose';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ApiException } from '../errors/api-exception.js';
import { API_KEY_SCOPES_METADATA } from './api-key-scopes.decorator.js';
import { API_KEY_VERIFIER, ApiKeyRateLimited, setRateLimitHeaders, type ApiKeyVerifier } from './api-keys.js';
import type { AuthenticatedUser } from './current-user.js';
import { JWT_KEY_RESOLVER, JwtKeysUnavailableError, type JwtKeyResolver } from './jwt-keys.js';
import { IS_PUBLIC } from './public.decorator.js';
import { SESSION_CHECK, type SessionCheck } from './session-check.js';

interface TokenClaims {
  sub?: unknown;
  email?: unknown;
  sid?: unknown;
  /** Only on the short-lived tokens svc-auth issues for an API key's onward calls: its scopes. */
  scope?: unknown;
}

const bearerOf = ExtractJwt.fromAuthHeaderAsBearerToken();

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let instances = 0;

/**
 * Builds the passport-jwt strategy and the default guard. Passport keeps strategies in one
 * process-wide registry, so each app gets its own strategy name: two services started
 * in one process (as the HTTP tests do) must not verify with each other's keys.
 */
export function createJwtAuth(): { strategy: Type<unknown>; guard: Type<unknown> } {
  const name = `vton-jwt-${++instances}`;

  @Injectable()
  class JwtStrategy extends PassportStrategy(Strategy, name) {
    constructor(
      @Inject(JWT_KEY_RESOLVER) keys: JwtKeyResolver,
      @Inject(SESSION_CHECK) private readonly sessions: SessionCheck,
    ) {
      super({
        jwtFromRequest: bearerOf,
        passReqToCallback: true,
        // Only ES256 from svc-auth's keys: a token naming `none` or an HMAC algorithm is
        // rejected before any key is looked up.
        algorithms: [JWT_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- passport-jwt types the key as string | Buffer, but hands it to jsonwebtoken, which takes the KeyObject we pass
        secretOrKeyProvider: (_req: unknown, rawJwt: string, done: (err: unknown, key?: any) => void) => {
          let header;
          try {
            header = decodeProtectedHeader(rawJwt);
          } catch {
            return done(new Error('malformed token'));
          }
          if (header.alg !== JWT_ALGORITHM) return done(new Error(`unexpected algorithm ${String(header.alg)}`));
          keys.keyFor(header).then((key) => done(null, key), (err) => done(err));
        },
      });
    }

    async validate(req: Request, claims: TokenClaims): Promise<AuthenticatedUser> {
      const id = Number(claims.sub);
      if (!Number.isSafeInteger(id) || id <= 0 || typeof claims.email !== 'string' || typeof claims.sid !== 'string' || !SESSION_ID.test(claims.sid)) {
        throw new UnauthorizedException('Invalid token');
      }
      const scopes = claims.scope === undefined ? undefined : parseScopes(claims.scope);
      // A well-signed, unexpired token of a session that ended (signed out everywhere, password
      // reset), or of an API key that was revoked (the same list names both).
      if (await this.sessions.hasEnded(claims.sid)) {
        throw new UnauthorizedException(scopes ? API_KEY_ERRORS.revoked : AUTH_ERRORS.sessionEnded);
      }
      const user: AuthenticatedUser = { id, email: claims.email, sessionId: claims.sid };
      if (scopes) user.apiKey = { id: claims.sid, scopes, token: bearerOf(req)! };
      return user;
    }
  }

  @Injectable()
  class JwtAuthGuard extends AuthGuard(name) {
    constructor(
      private readonly reflector: Reflector,
      @Inject(API_KEY_VERIFIER) private readonly apiKeys: ApiKeyVerifier,
    ) {
      super();
    }

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const targets = [context.getHandler(), context.getClass()];
      if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
      const req = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
      const bearer = bearerOf(req);
      if (bearer?.startsWith(API_KEY_PREFIX)) {
        req.user = await this.authenticateKey(bearer, context.switchToHttp().getResponse<Response>());
      } else {
        await super.canActivate(context);
      }
      checkScopes(req.user!, this.reflector.getAllAndOverride<ApiKeyScope[] | undefined>(API_KEY_SCOPES_METADATA, targets));
      return true;
    }

    /** A personal API key: svc-auth checks it and counts the request; every answer says the rate left. */
    private async authenticateKey(key: string, res: Response): Promise<AuthenticatedUser> {
      if (!API_KEY_PATTERN.test(key)) throw new UnauthorizedException(API_KEY_ERRORS.invalid);
      try {
        const { user, keyId, scopes, token, rateLimit } = await this.apiKeys.authorize(key);
        setRateLimitHeaders(res, rateLimit, false);
        return { id: user.id, email: user.email, sessionId: keyId, apiKey: { id: keyId, scopes, token } };
      } catch (error) {
        if (error instanceof ApiKeyRateLimited) setRateLimitHeaders(res, error.rateLimit, true);
        throw error;
      }
    }

    handleRequest<TUser>(err: unknown, user: TUser, info: unknown): TUser {
      if (user && !err) return user;
      if (err instanceof HttpException) throw err;
      // Only validate() reports errors this way: the token was fine but its session could not be
      // looked up (the database down), which the exception filter answers 503, not 401.
      if (err) throw err;
      // The keys could not be fetched (svc-auth down): passport reports that as a failure, but the
      // token may be good, so the caller gets the 503 of JwtKeysUnavailableError, not a 401.
      if (info instanceof JwtKeysUnavailableError) throw info;
      const reason = info instanceof Error ? info : undefined;
      if (reason?.name === 'TokenExpiredError') throw new UnauthorizedException('Token expired');
      if (!reason || /no auth token/i.test(reason.message)) throw new UnauthorizedException('Authentication required');
      throw new UnauthorizedException('Invalid token');
    }
  }

  return { strategy: JwtStrategy, guard: JwtAuthGuard };
}

/** An API key (or a token acting for one) reaches only routes that name one of its scopes. */
function checkScopes(user: AuthenticatedUser, required: ApiKeyScope[] | undefined): void {
  if (!user.apiKey) return;
  if (!required?.length) throw new ApiException(403, ErrorCode.FORBIDDEN, API_KEY_ERRORS.notAllowed);
  if (!required.some((scope) => user.apiKey!.scopes.includes(scope))) {
    throw new ApiException(403, ErrorCode.FORBIDDEN, API_KEY_ERRORS.missingScope(required));
  }
}

function parseScopes(value: unknown): ApiKeyScope[] {
  if (typeof value !== 'string') throw new UnauthorizedException('Invalid token');
  const scopes = value.split(' ').filter(Boolean);
  if (!scopes.every((s) => (API_KEY_SCOPES as readonly string[]).includes(s))) throw new UnauthorizedException('Invalid token');
  return scopes as ApiKeyScope[];
}
