import type { AuthenticatedUser } from '@vton/service-kit';
import { requestIdOf } from '@vton/service-kit';
import type { Request } from 'express';
import type { Caller } from '../media/media-client.js';

/** The signed-in user with the token the guard accepted: svc-media is called with the same token. */
export function callerOf(user: AuthenticatedUser, req: Request): Caller {
  const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  return { userId: user.id, token, requestId: requestIdOf(req) };
}
