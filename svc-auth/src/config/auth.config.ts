import { ServiceConfig } from '@vton/service-kit';
import { IsNotEmpty, IsOptional, IsString, IsUrl, Matches, ValidateIf } from 'class-validator';

export class AuthConfig extends ServiceConfig {
  PORT = 3001;
  DATABASE_SCHEMA = 'auth';

  /** Production: the ES256 signing key as a PKCS#8 PEM (from a secret). */
  @IsOptional()
  @Matches(/-----BEGIN PRIVATE KEY-----/, { message: 'JWT_PRIVATE_KEY must be a PKCS#8 PEM private key' })
  JWT_PRIVATE_KEY?: string;

  /** Local: where the signing key is generated on first start and read afterwards. */
  @ValidateIf((config: AuthConfig) => !config.JWT_PRIVATE_KEY)
  @IsString({ message: 'JWT_KEY_FILE or JWT_PRIVATE_KEY must be set' })
  @IsNotEmpty({ message: 'JWT_KEY_FILE or JWT_PRIVATE_KEY must be set' })
  JWT_KEY_FILE?: string;

  // Declared now for the accounts issue (verification and reset mails).
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL = 'smtp://127.0.0.1:1025';

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL = 'http://localhost:8080';

  @IsString()
  @IsNotEmpty({ message: 'MAIL_FROM must not be empty' })
  MAIL_FROM = 'VTON Studio <no-reply@vton.local>';
}
