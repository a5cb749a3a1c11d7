import { AUTH_TOKEN_STORAGE_KEY } from '@vton/contracts';

/** The stored sign-in token, or null when there is none or storage is unavailable (privacy mode: anonymous). */
export function getAuthToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

interface TokenClaims {
  sid?: unknown;
  iat?: unknown;
}

/** The token's claims as written (not verified: the services verify; the browser only reads). */
function claimsOf(token: string | null): TokenClaims | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/');
    return payload ? (JSON.parse(atob(payload)) as TokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * The sign-in the stored token belongs to (svc-auth's session id). It stays the same while the
 * token is renewed, and changes with a sign-out or another account: what "still the same
 * sign-in?" should compare, not the token itself.
 */
export function getAuthSessionId(token: string | null = getAuthToken()): string | null {
  const sid = claimsOf(token)?.sid;
  // A token that names no session can only be told apart by itself.
  return typeof sid === 'string' ? sid : token;
}

/** When the token was issued (ms since the epoch), or null. */
export function tokenIssuedAt(token: string | null): number | null {
  const iat = claimsOf(token)?.iat;
  return typeof iat === 'number' ? iat * 1000 : null;
}

export const SESSION_ENDED_EVENT = 'vton:session-ended';

/**
 * A request with the stored token was refused because its session ended (signed out on another
 * device, password reset) or it expired: the AuthProvider signs this tab out.
 */
export function reportSessionEnded(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}
