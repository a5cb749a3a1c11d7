import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** The signed-in user as the JWT guard read it from the token's `sub`, `email` and `sid` claims. */
export interface AuthenticatedUser {
  id: number;
  email: string;
  /** The sign-in (svc-auth session) the token belongs to; it survives the token's renewals. */
  sessionId: string;
}

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => context.switchToHttp().getRequest().user,
);
