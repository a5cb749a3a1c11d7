import { ApiProperty } from '@nestjs/swagger';
import { AUTH_VALIDATION as M, type ForgotPasswordRequest, type ResendVerificationRequest } from '@vton/contracts';
import { EmailField } from './auth-fields.js';

/** Body of resend-verification and forgot-password. */
export class EmailDto implements ResendVerificationRequest, ForgotPasswordRequest {
  @ApiProperty({ example: 'seller@example.com' })
  @EmailField(M.loginEmail)
  email: string;
}
