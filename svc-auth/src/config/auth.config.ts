import { parseNumber, ServiceConfig } from '@vton/service-kit';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, Max, Min, ValidateIf } from 'class-validator';

export class AuthConfig extends ServiceConfig {
  PORT = 3001;
  DATABASE_SCHEMA = 'auth';
  /** Its bodies are a few short fields (e-mail, password, token): no reason to read megabytes. */
  JSON_BODY_LIMIT = '32kb';

  /** Production: the ES256 signing key as a PKCS#8 PEM (from a secret). */
  @IsOptional()
  @Matches(/-----BEGIN PRIVATE KEY-----/, { message: 'JWT_PRIVATE_KEY must be a PKCS#8 PEM private key' })
  JWT_PRIVATE_KEY?: string;

  /** Local: where the signing key is generated on first start and read afterwards. */
  @ValidateIf((config: AuthConfig) => !config.JWT_PRIVATE_KEY)
  @IsString({ message: 'JWT_KEY_FILE or JWT_PRIVATE_KEY must be set' })
  @IsNotEmpty({ message: 'JWT_KEY_FILE or JWT_PRIVATE_KEY must be set' })
  JWT_KEY_FILE?: string;

  /** Where verification and reset mails are sent through (nodemailer). */
  @Matches(/^smtps?:\/\/\S+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL = 'smtp://127.0.0.1:1025';

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'PUBLIC_URL must be an http(s) URL' })
  PUBLIC_URL = 'http://localhost:8080';

  @IsString()
  @IsNotEmpty({ message: 'MAIL_FROM must not be empty' })
  MAIL_FROM = 'VTON Studio <no-reply@vton.local>';

  /** Failed sign-ins allowed per account and per IP within the window, then 429 until it ends. */
  @Transform(parseNumber)
  @IsInt({ message: 'LOGIN_FAILURE_LIMIT must be a whole number of at least 1' })
  @Min(1, { message: 'LOGIN_FAILURE_LIMIT must be a whole number of at least 1' })
  LOGIN_FAILURE_LIMIT = 10;

  @Transform(parseNumber)
  @IsInt({ message: 'LOGIN_FAILURE_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  @Min(1, { message: 'LOGIN_FAILURE_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  @Max(86400, { message: 'LOGIN_FAILURE_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

  /** Mails (verification, resend, reset) per address within the window. */
  @Transform(parseNumber)
  @IsInt({ message: 'MAIL_SEND_LIMIT must be a whole number of at least 1' })
  @Min(1, { message: 'MAIL_SEND_LIMIT must be a whole number of at least 1' })
  MAIL_SEND_LIMIT = 5;

  @Transform(parseNumber)
  @IsInt({ message: 'MAIL_SEND_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  @Min(1, { message: 'MAIL_SEND_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  @Max(86400, { message: 'MAIL_SEND_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  MAIL_SEND_WINDOW_SECONDS = 60 * 60;
}
