import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, JWT_ALGORITHM } from '@vton/contracts';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { KeyObject } from 'node:crypto';
import { ApiException } from '../errors/api-exception.js';
import { SERVICE_CONFIG } from '../tokens.js';
import type { ServiceConfig } from '../config/service-config.js';

export const JWT_KEY_RESOLVER = Symbol('JWT_KEY_RESOLVER');

export interface TokenHeader {
  alg?: string;
  kid?: string;
}

/** Finds the public key that verifies a token, from the token's protected header. */
export interface JwtKeyResolver {
  keyFor(header: TokenHeader): Promise<KeyObject>;
}

export const KEYS_UNAVAILABLE_MESSAGE = 'Sign-in could not be checked right now. Please try again in a moment.';

/**
 * The keys that verify tokens could not be had (svc-auth down, slow or answering 5xx): the token
 * may well be good, so the caller gets 503, never the 401 of a bad token. The JWT guard rethrows it.
 */
export class JwtKeysUnavailableError extends ApiException {
  constructor(readonly reason: string) {
    super(503, ErrorCode.SERVICE_UNAVAILABLE, KEYS_UNAVAILABLE_MESSAGE);
    this.name = 'JwtKeysUnavailableError';
  }
}

/** The token names no key of a freshly fetched set: a bad (or foreign) token, answered 401. */
export class UnknownSigningKeyError extends Error {
  constructor() {
    super('no key matches the token');
    this.name = 'UnknownSigningKeyError';
  }
}

export interface JwksCacheOptions {
  /** How long a fetched set is used before it is fetched again. */
  maxAgeMs?: number;
  /** At most one refresh per this long for tokens naming an unknown `kid` (key rotation). */
  cooldownMs?: number;
  /** After a failed fetch, no new attempt for this long (requests use the last good set meanwhile). */
  retryAfterFailureMs?: number;
  timeoutMs?: number;
  onRefreshFailed?: (reason: string, usingStale: boolean) => void;
}

interface CachedSet {
  resolve: ReturnType<typeof createLocalJWKSet>;
  kids: Set<string | undefined>;
  fetchedAt: number;
}

/**
 * A JWKS fetched over HTTP and cached, stale-while-error: when a refresh fails, the last good set
 * keeps verifying tokens whose `kid` it holds; only when no usable key is at hand does keyFor throw
 * JwtKeysUnavailableError (503). A token naming a key the set (freshly fetched) does not hold
 * throws UnknownSigningKeyError (401).
 */
export class JwksCache {
  private cached?: CachedSet;
  private pending?: Promise<CachedSet>;
  private lastFailure?: { at: number; reason: string };
  private readonly maxAgeMs: number;
  private readonly cooldownMs: number;
  private readonly retryAfterFailureMs: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly url: URL,
    private readonly options: JwksCacheOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.cooldownMs = options.cooldownMs ?? 30_000;
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 5_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  async keyFor(header: TokenHeader): Promise<KeyObject> {
    let set = this.cached;
    const now = Date.now();
    if (!set || now - set.fetchedAt >= this.maxAgeMs) {
      set = await this.refreshOrStale(header);
    } else if (!holds(set, header.kid) && now - set.fetchedAt >= this.cooldownMs) {
      // A kid this set does not hold: perhaps svc-auth rotated its key since the last fetch.
      set = await this.refreshOrStale(header);
    }
    if (!holds(set, header.kid)) throw new UnknownSigningKeyError();
    let key: CryptoKey | KeyObject;
    try {
      key = await set.resolve({ alg: JWT_ALGORITHM, kid: header.kid });
    } catch {
      throw new UnknownSigningKeyError();
    }
    return key instanceof KeyObject ? key : KeyObject.from(key as CryptoKey);
  }

  /** A fresh set; when it cannot be fetched, the last good one if it holds the token's kid. */
  private async refreshOrStale(header: TokenHeader): Promise<CachedSet> {
    try {
      return await this.refresh();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const stale = this.cached;
      const usable = stale !== undefined && holds(stale, header.kid);
      // Reported once per failed fetch, not for every request answered while waiting to retry.
      if (!(error instanceof RecentFailure)) this.options.onRefreshFailed?.(reason, usable);
      if (usable) return stale;
      throw new JwtKeysUnavailableError(reason);
    }
  }

  private refresh(): Promise<CachedSet> {
    if (this.pending) return this.pending;
    const failure = this.lastFailure;
    if (failure && Date.now() - failure.at < this.retryAfterFailureMs) {
      return Promise.reject(new RecentFailure(failure.reason));
    }
    this.pending = this.fetchSet().then(
      (set) => {
        this.cached = set;
        this.lastFailure = undefined;
        return set;
      },
      (error: unknown) => {
        this.lastFailure = { at: Date.now(), reason: error instanceof Error ? error.message : String(error) };
        throw error;
      },
    );
    const clear = () => {
      this.pending = undefined;
    };
    this.pending.then(clear, clear);
    return this.pending;
  }

  private async fetchSet(): Promise<CachedSet> {
    let response: Response;
    try {
      response = await fetch(this.url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      const cause = (error as { name?: string }).name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : (error as Error).message;
      throw new Error(`JWKS fetch from ${this.url.origin} failed: ${cause}`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`JWKS fetch from ${this.url.origin} answered ${response.status}`);
    }
    let jwks: JSONWebKeySet;
    try {
      jwks = (await response.json()) as JSONWebKeySet;
      if (!jwks || !Array.isArray(jwks.keys)) throw new Error('no "keys" array');
    } catch (error) {
      throw new Error(`JWKS from ${this.url.origin} is not a key set: ${(error as Error).message}`);
    }
    return {
      resolve: createLocalJWKSet(jwks),
      kids: new Set(jwks.keys.map((key) => (typeof key.kid === 'string' ? key.kid : undefined))),
      fetchedAt: Date.now(),
    };
  }
}

class RecentFailure extends Error {}

function holds(set: CachedSet, kid: string | undefined): boolean {
  return kid === undefined ? set.kids.size > 0 : set.kids.has(kid);
}

/** A JWKS fetch may take this long at most, and never longer than SERVICE_CALL_TIMEOUT_MS. */
const JWKS_TIMEOUT_MS = 5_000;

/** svc-auth's published keys (AUTH_JWKS_URL), cached; see JwksCache for what happens when svc-auth is down. */
@Injectable()
export class RemoteJwksKeys implements JwtKeyResolver {
  private readonly logger = new Logger('JwtKeys');
  private readonly cache: JwksCache;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.cache = new JwksCache(new URL(config.AUTH_JWKS_URL), {
      timeoutMs: Math.min(JWKS_TIMEOUT_MS, config.SERVICE_CALL_TIMEOUT_MS),
      onRefreshFailed: (reason, usingStale) =>
        this.logger.warn(`${reason}; ${usingStale ? 'verifying with the last good keys' : 'answering 503'}`),
    });
  }

  keyFor(header: TokenHeader): Promise<KeyObject> {
    return this.cache.keyFor(header);
  }
}
