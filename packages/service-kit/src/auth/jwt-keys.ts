import { Inject, Injectable } from '@nestjs/common';
import { JWT_ALGORITHM } from '@vton/contracts';
import { createRemoteJWKSet } from 'jose';
import { KeyObject } from 'node:crypto';
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

/**
 * svc-auth's published keys (AUTH_JWKS_URL). jose caches the set and fetches it again when a
 * token names an unknown `kid` (key rotation), at most once per cooldown.
 */
@Injectable()
export class RemoteJwksKeys implements JwtKeyResolver {
  private readonly jwks;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.jwks = createRemoteJWKSet(new URL(config.AUTH_JWKS_URL), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
  }

  async keyFor(header: TokenHeader): Promise<KeyObject> {
    const key = await this.jwks({ alg: JWT_ALGORITHM, kid: header.kid });
    return key instanceof KeyObject ? key : KeyObject.from(key as CryptoKey);
  }
}
