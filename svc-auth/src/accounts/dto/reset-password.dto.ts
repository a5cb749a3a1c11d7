import { AUTH_ERRORS, AUTH_VALIDATION as M, type ResetPasswordRequest } from '@vton/contracts';
import { ConfirmPasswordField, LinkTokenField, NewPasswordField } from './auth-fields.js';

export class ResetPasswordDto implements ResetPasswordRequest {
  @LinkTokenField({ required: M.resetTokenRequired, invalid: AUTH_ERRORS.invalidResetLink })
  token: string;

  @NewPasswordField()
  password: string;

  @ConfirmPasswordField()
  confirmPassword: string;
}
