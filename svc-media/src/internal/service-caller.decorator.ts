import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { SERVICE_CALLER, type ServiceCaller } from './service-credential.guard.js';

/** The caller ServiceCredentialGuard admitted. */
export const CurrentServiceCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ServiceCaller => context.switchToHttp().getRequest()[SERVICE_CALLER],
);
