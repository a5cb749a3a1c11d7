import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** The signed-in user as the JWT guard read it from the token's `sub` and `email` claims. */
export interface AuthenticatedUser {
  id: number;
  email: string;
}

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => context.switchToHttp().getRequest().user,
);
