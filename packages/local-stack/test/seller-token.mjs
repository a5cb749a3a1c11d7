import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { importPKCS8, SignJWT } from 'jose';
import { JWT_ALGORITHM, JWT_AUDIENCE, JWT_ISSUER } from '@vton/contracts';

/**
 * A seller's token for a running stack, signed with the key svc-auth keeps in the stack's data
 * folder, as svc-auth would sign it (with a session id: a token without one is refused).
 */
export async function sellerToken(stackUrl, stackDataDir, id) {
  const { keys } = await (await fetch(`${stackUrl}/api/auth/.well-known/jwks.json`)).json();
  const key = await importPKCS8(fs.readFileSync(path.join(stackDataDir, 'keys', 'jwt-es256.pem'), 'utf8'), JWT_ALGORITHM);
  return new SignJWT({ email: `seller${id}@example.com`, sid: randomUUID() })
    .setProtectedHeader({ alg: JWT_ALGORITHM, kid: keys[0].kid, typ: 'JWT' })
    .setSubject(String(id))
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}
