import { ApiProperty } from '@nestjs/swagger';
import { AUTH_ERRORS, AUTH_VALIDATION as M } from '@vton/contracts';
import { IsDefined, IsString, MaxLength, MinLength } from 'class-validator';

export class VerifyEmailQuery {
  @ApiProperty({ description: 'The token from the e-mailed link.' })
  @IsDefined({ message: M.verificationTokenRequired })
  @IsString({ message: M.verificationTokenRequired })
  @MinLength(1, { message: M.verificationTokenRequired })
  @MaxLength(200, { message: AUTH_ERRORS.invalidVerificationLink })
  token: string;
}
