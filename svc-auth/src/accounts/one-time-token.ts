import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the token that travels in an e-mailed link. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Only this hash is stored, so a leaked users table holds no usable link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
