import { Injectable } from '@nestjs/common';
import { JWT_ALGORITHM, JWT_AUDIENCE, JWT_ISSUER } from '@vton/contracts';
import type { AuthenticatedUser } from '@vton/service-kit';
import { SignJWT } from 'jose';
import { SigningKeys } from './signing-keys.js';

export const TOKEN_LIFETIME = '7d';

/** Issues the session tokens every service accepts (ES256, checked against svc-auth's JWKS). */
@Injectable()
export class TokenService {
  constructor(private readonly keys: SigningKeys) {}

  issue(user: AuthenticatedUser): Promise<string> {
    return new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: this.keys.kid, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(this.keys.privateKey);
  }
}
