import { Injectable } from '@nestjs/common';
import { JWT_ALGORITHM } from '@vton/contracts';
import type { JwtKeyResolver, TokenHeader } from '@vton/service-kit';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AuthConfig } from '../config/auth.config.js';

/**
 * svc-auth's ES256 key pair: from JWT_PRIVATE_KEY (production secret) or from JWT_KEY_FILE,
 * generated there on first start so local tokens survive restarts. It also verifies
 * svc-auth's own tokens, so svc-auth never calls its own JWKS over HTTP.
 */
@Injectable()
export class SigningKeys implements JwtKeyResolver {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  private kidValue = '';
  private publicJwkValue: JWK = {};

  constructor(config: AuthConfig) {
    this.privateKey = config.JWT_PRIVATE_KEY
      ? parsePrivateKey(config.JWT_PRIVATE_KEY.replace(/\\n/g, '\n'), 'JWT_PRIVATE_KEY')
      : loadOrCreateKeyFile(config.JWT_KEY_FILE!);
    this.publicKey = createPublicKey(this.privateKey);
  }

  async onModuleInit(): Promise<void> {
    const jwk = await exportJWK(this.publicKey);
    // The thumbprint names the key: a rotated key gets a new kid by itself.
    this.kidValue = await calculateJwkThumbprint(jwk);
    this.publicJwkValue = { ...jwk, kid: this.kidValue, alg: JWT_ALGORITHM, use: 'sig' };
  }

  get kid(): string {
    return this.kidValue;
  }

  /** The JSON Web Key Set other services verify tokens with. */
  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwkValue] };
  }

  async keyFor(header: TokenHeader): Promise<KeyObject> {
    if (header.kid !== this.kidValue) throw new Error('unknown signing key');
    return this.publicKey;
  }
}

function parsePrivateKey(pem: string, source: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new Error(`${source} is not a readable private key: ${(error as Error).message}`);
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error(`${source} must be an EC P-256 key (ES256)`);
  }
  return key;
}

function loadOrCreateKeyFile(file: string): KeyObject {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    try {
      // 'wx': if another process created it meanwhile, keep theirs.
      fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parsePrivateKey(fs.readFileSync(file, 'utf8'), `JWT_KEY_FILE (${file})`);
}
