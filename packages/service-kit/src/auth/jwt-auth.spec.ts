import { Controller, Get, type INestApplication } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { Test } from '@nestjs/testing';
import { AUTH_ERRORS, JWT_AUDIENCE, JWT_ISSUER } from '@vton/contracts';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ApiExceptionFilter } from '../errors/api-exception.filter.js';
import { CurrentUser, type AuthenticatedUser } from './current-user.js';
import { createJwtAuth } from './jwt-auth.js';
import { JWT_KEY_RESOLVER, JwksCache, JwtKeysUnavailableError, KEYS_UNAVAILABLE_MESSAGE, UnknownSigningKeyError } from './jwt-keys.js';
import { SESSION_CHECK, type SessionCheck } from './session-check.js';

const SESSION = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
/** Sessions ended in svc-auth, as the guard's session check reports them. */
const endedSessions = new Set<string>();
const sessionCheck: SessionCheck = { hasEnded: async (sid) => endedSessions.has(sid) };

/** A stand-in for svc-auth's JWKS endpoint that can be switched to "down" or "5xx". */
class JwksServer {
  mode: 'up' | 'down' | 'error' = 'up';
  fetches = 0;
  private server?: Server;
  url = '';

  constructor(private readonly keys: () => JWK[]) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.fetches += 1;
      if (this.mode === 'down') {
        req.socket.destroy();
        return;
      }
      if (this.mode === 'error') {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('upstream unavailable');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: this.keys() }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/api/auth/.well-known/jwks.json`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
}

function tokenFor(key: SigningKey, claims: { sub?: string; email?: string; sid?: string | null } = {}): Promise<string> {
  return new SignJWT({ email: claims.email ?? 'ada@example.com', ...(claims.sid === null ? {} : { sid: claims.sid ?? SESSION }) })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid })
    .setSubject(claims.sub ?? '7')
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key.privateKey);
}

@Controller()
class ProbeController {
  @Get('me')
  me(@CurrentUser() user: AuthenticatedUser) {
    return user;
  }
}

async function guardedApp(keys: JwksCache): Promise<INestApplication> {
  const jwt = createJwtAuth();
  const moduleRef = await Test.createTestingModule({
    imports: [PassportModule],
    controllers: [ProbeController],
    providers: [
      { provide: JWT_KEY_RESOLVER, useValue: keys },
      { provide: SESSION_CHECK, useValue: sessionCheck },
      jwt.strategy,
      { provide: APP_GUARD, useClass: jwt.guard },
      { provide: APP_FILTER, useClass: ApiExceptionFilter },
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

describe('JWT guard when svc-auth (the JWKS) is unreachable', () => {
  let current: SigningKey;
  let rotated: SigningKey;
  let jwks: JwksServer;

  beforeAll(async () => {
    current = await signingKey('key-1');
    rotated = await signingKey('key-2');
  });

  beforeEach(async () => {
    jwks = new JwksServer(() => [current.jwk]);
    await jwks.start();
  });

  afterEach(async () => {
    await jwks.stop();
  });

  it('keeps verifying with the last good keys after svc-auth goes down (stale-while-error), and still refuses bad tokens with 401', async () => {
    // maxAge 0: every request wants a fresh set, as happens once the 10-minute cache has expired.
    const app = await guardedApp(new JwksCache(new URL(jwks.url), { maxAgeMs: 0, retryAfterFailureMs: 0, timeoutMs: 1000 }));
    try {
      const token = await tokenFor(current);
      await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${token}`).expect(200, { id: 7, email: 'ada@example.com', sessionId: SESSION });
      expect(jwks.fetches).toBe(1);

      jwks.mode = 'down';
      await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${token}`).expect(200);
      jwks.mode = 'error';
      await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${token}`).expect(200);
      expect(jwks.fetches).toBe(3);

      // A tampered token is still a bad token.
      const [header, , signature] = token.split('.');
      const forged = `${header}.${Buffer.from(JSON.stringify({ sub: '1', email: 'x@example.com' })).toString('base64url')}.${signature}`;
      const bad = await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${forged}`).expect(401);
      expect(bad.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid token' });

      // A kid the last good set does not hold cannot be checked while svc-auth is down: 503, not 401.
      const unknown = await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${await tokenFor(rotated)}`).expect(503);
      expect(unknown.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: KEYS_UNAVAILABLE_MESSAGE });
    } finally {
      await app.close();
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE (not 401) when no keys could ever be fetched', async () => {
    jwks.mode = 'down';
    const app = await guardedApp(new JwksCache(new URL(jwks.url), { retryAfterFailureMs: 0, timeoutMs: 1000 }));
    try {
      const token = await tokenFor(current);
      const res = await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${token}`).expect(503);
      expect(res.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: KEYS_UNAVAILABLE_MESSAGE });
      jwks.mode = 'error';
      await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${token}`).expect(503);

      // svc-auth is back: the same token works, and no token at all is still a 401.
      jwks.mode = 'up';
      await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${token}`).expect(200);
      const none = await request(app.getHttpServer()).get('/me').expect(401);
      expect(none.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'Authentication required' });
    } finally {
      await app.close();
    }
  });

  it('answers 401 for a kid svc-auth does not publish when it is up', async () => {
    const app = await guardedApp(new JwksCache(new URL(jwks.url), { cooldownMs: 0 }));
    try {
      const res = await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${await tokenFor(rotated)}`).expect(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid token' });
    } finally {
      await app.close();
    }
  });
});

describe('JWT guard and sessions', () => {
  it('refuses a well-signed token of an ended session, and one that names no session', async () => {
    const key = await signingKey('key-s');
    const jwks = new JwksServer(() => [key.jwk]);
    await jwks.start();
    const app = await guardedApp(new JwksCache(new URL(jwks.url)));
    try {
      const live = await tokenFor(key, { sid: '0f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' });
      await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${live}`).expect(200);
      endedSessions.add('0f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f');
      const ended = await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${live}`).expect(401);
      expect(ended.body).toMatchObject({ code: 'UNAUTHORIZED', message: AUTH_ERRORS.sessionEnded });
      const none = await request(app.getHttpServer()).get('/me').set('authorization', `Bearer ${await tokenFor(key, { sid: null })}`).expect(401);
      expect(none.body.message).toBe('Invalid token');
    } finally {
      await app.close();
      await jwks.stop();
    }
  });
});

describe('JwksCache', () => {
  let current: SigningKey;
  let rotated: SigningKey;
  let published: JWK[];
  let jwks: JwksServer;

  beforeAll(async () => {
    current = await signingKey('key-1');
    rotated = await signingKey('key-2');
  });

  beforeEach(async () => {
    published = [current.jwk];
    jwks = new JwksServer(() => published);
    await jwks.start();
  });

  afterEach(async () => {
    await jwks.stop();
  });

  it('uses the cached set within its max age, without fetching again', async () => {
    const cache = new JwksCache(new URL(jwks.url));
    await cache.keyFor({ alg: 'ES256', kid: 'key-1' });
    jwks.mode = 'down';
    await cache.keyFor({ alg: 'ES256', kid: 'key-1' });
    expect(jwks.fetches).toBe(1);
  });

  it('fetches again for an unknown kid (rotation), at most once per cooldown', async () => {
    const cache = new JwksCache(new URL(jwks.url), { cooldownMs: 0 });
    await cache.keyFor({ alg: 'ES256', kid: 'key-1' });
    published = [current.jwk, rotated.jwk];
    await expect(cache.keyFor({ alg: 'ES256', kid: 'key-2' })).resolves.toBeDefined();
    expect(jwks.fetches).toBe(2);

    const cooling = new JwksCache(new URL(jwks.url), { cooldownMs: 60_000 });
    published = [current.jwk];
    await cooling.keyFor({ kid: 'key-1' });
    await expect(cooling.keyFor({ kid: 'key-2' })).rejects.toBeInstanceOf(UnknownSigningKeyError);
    await expect(cooling.keyFor({ kid: 'key-3' })).rejects.toBeInstanceOf(UnknownSigningKeyError);
    expect(jwks.fetches).toBe(3);
  });

  it('after a failed fetch waits before trying again, serving the stale set meanwhile, and reports each failed fetch once', async () => {
    const failures: [string, boolean][] = [];
    const cache = new JwksCache(new URL(jwks.url), {
      maxAgeMs: 0,
      retryAfterFailureMs: 60_000,
      onRefreshFailed: (reason, usingStale) => failures.push([reason, usingStale]),
    });
    await cache.keyFor({ kid: 'key-1' });
    jwks.mode = 'error';
    for (let i = 0; i < 5; i += 1) await cache.keyFor({ kid: 'key-1' });
    expect(jwks.fetches).toBe(2);
    expect(failures).toEqual([[expect.stringContaining('answered 503'), true]]);
    await expect(cache.keyFor({ kid: 'key-2' })).rejects.toBeInstanceOf(JwtKeysUnavailableError);
  });

  it('shares one fetch among concurrent requests', async () => {
    const cache = new JwksCache(new URL(jwks.url));
    await Promise.all(Array.from({ length: 10 }, () => cache.keyFor({ kid: 'key-1' })));
    expect(jwks.fetches).toBe(1);
  });

  it('treats a timeout and a body that is not a key set as "could not fetch"', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const cache = new JwksCache(new URL(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}/jwks`), { timeoutMs: 100 });
      const error = await cache.keyFor({ kid: 'key-1' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JwtKeysUnavailableError);
      expect((error as JwtKeysUnavailableError).reason).toMatch(/timed out/);
      expect((error as JwtKeysUnavailableError).getStatus()).toBe(503);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
    published = 'nope' as unknown as JWK[];
    await expect(new JwksCache(new URL(jwks.url)).keyFor({ kid: 'key-1' })).rejects.toBeInstanceOf(JwtKeysUnavailableError);
  });
});
