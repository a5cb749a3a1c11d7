import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ApiKeyScope } from '@vton/contracts';

/** The signed-in user as the guard read it from a token's `sub`, `email` and `sid` claims, or from an API key. */
export interface AuthenticatedUser {
  id: number;
  email: string;
  /**
   * The sign-in (svc-auth session) the token belongs to; it survives the token's renewals. For a
   * request made with an API key, the key's id.
   */
  sessionId: string;
  /** Set when the request was made with a personal API key (directly, or on its behalf). */
  apiKey?: {
    id: string;
    scopes: ApiKeyScope[];
    /** The short-lived token that acts for the key's owner on other services (never the key itself). */
    token: string;
  };
}

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => context.switchToHttp().getRequest().user,
);
