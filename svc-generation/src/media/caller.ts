import type { AuthenticatedUser } from '@vton/service-kit';
import { requestIdOf } from '@vton/service-kit';
import type { Request } from 'express';
import type { Caller } from './media-client.js';

/**
 * The signed-in user with the token the guard accepted: svc-media is called with the same token.
 * For a request made with an API key, the short-lived token svc-auth gave for it (never the key:
 * svc-media's calls must not count against the key's rate limit again).
 */
export function callerOf(user: AuthenticatedUser, req: Request): Caller {
  const token = user.apiKey?.token ?? (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  return { userId: user.id, token, requestId: requestIdOf(req) };
}
