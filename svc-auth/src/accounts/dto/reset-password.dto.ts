import { ApiProperty } from '@nestjs/swagger';
import { AUTH_ERRORS, AUTH_VALIDATION as M, type ResetPasswordRequest } from '@vton/contracts';
import { IsDefined, IsString, MaxLength, MinLength } from 'class-validator';
import { ConfirmPasswordField, NewPasswordField } from './auth-fields.js';

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty({ description: 'The token from the e-mailed link.' })
  @IsDefined({ message: M.resetTokenRequired })
  @IsString({ message: M.resetTokenRequired })
  @MinLength(1, { message: M.resetTokenRequired })
  @MaxLength(200, { message: AUTH_ERRORS.invalidResetLink })
  token: string;

  @NewPasswordField()
  password: string;

  @ConfirmPasswordField()
  confirmPassword: string;
}
