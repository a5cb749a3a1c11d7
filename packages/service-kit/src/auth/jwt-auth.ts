import { HttpException, Inject, Injectable, UnauthorizedException, type ExecutionContext, type Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { AUTH_ERRORS, JWT_ALGORITHM, JWT_AUDIENCE, JWT_ISSUER } from '@vton/contracts';
import { decodeProtectedHeader } from 'jose';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedUser } from './current-user.js';
import { JWT_KEY_RESOLVER, JwtKeysUnavailableError, type JwtKeyResolver } from './jwt-keys.js';
import { IS_PUBLIC } from './public.decorator.js';
import { SESSION_CHECK, type SessionCheck } from './session-check.js';

interface TokenClaims {
  sub?: unknown;
  email?: unknown;
  sid?: unknown;
}

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
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        // Only ES256 from svc-auth's keys: a token naming `none` or an HMAC algorithm is
        // rejected before any key is looked up.
        algorithms: [JWT_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        secretOrKeyProvider: (_req: unknown, rawJwt: string, done: (err: any, key?: any) => void) => {
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

    async validate(claims: TokenClaims): Promise<AuthenticatedUser> {
      const id = Number(claims.sub);
      if (!Number.isSafeInteger(id) || id <= 0 || typeof claims.email !== 'string' || typeof claims.sid !== 'string' || !SESSION_ID.test(claims.sid)) {
        throw new UnauthorizedException('Invalid token');
      }
      // A well-signed, unexpired token of a session that ended (signed out everywhere, password reset).
      if (await this.sessions.hasEnded(claims.sid)) throw new UnauthorizedException(AUTH_ERRORS.sessionEnded);
      return { id, email: claims.email, sessionId: claims.sid };
    }
  }

  @Injectable()
  class JwtAuthGuard extends AuthGuard(name) {
    constructor(private readonly reflector: Reflector) {
      super();
    }

    canActivate(context: ExecutionContext) {
      const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
      return isPublic ? true : super.canActivate(context);
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
