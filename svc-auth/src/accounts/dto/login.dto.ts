import { ApiProperty } from '@nestjs/swagger';
import { AUTH_VALIDATION as M, MAX_PASSWORD_LENGTH, type LoginRequest } from '@vton/contracts';
import { IsDefined, IsString, MaxLength, MinLength } from 'class-validator';
import { EmailField } from './auth-fields.js';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'seller@example.com' })
  @EmailField(M.loginEmail)
  email: string;

  @ApiProperty()
  @IsDefined({ message: M.loginPasswordRequired })
  @IsString({ message: M.loginPasswordRequired })
  @MinLength(1, { message: M.loginPasswordRequired })
  // Longer than any password we accept (MAX_PASSWORD_LENGTH): refused before it costs an argon2 run.
  @MaxLength(MAX_PASSWORD_LENGTH, { message: M.passwordTooLong })
  password: string;
}
