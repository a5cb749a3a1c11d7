import { ApiProperty } from '@nestjs/swagger';
import { AUTH_VALIDATION as M, type RegisterRequest } from '@vton/contracts';
import { ConfirmPasswordField, EmailField, NewPasswordField } from './auth-fields.js';

export class RegisterDto implements RegisterRequest {
  @ApiProperty({ example: 'seller@example.com' })
  @EmailField(M.invalidEmail)
  email: string;

  @NewPasswordField()
  password: string;

  @ConfirmPasswordField()
  confirmPassword: string;
}
