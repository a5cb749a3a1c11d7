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

  /** Failed sign-ins allowed for one account from one IP within the window, then 429 for that pair. */
  @Transform(parseNumber)
  @IsInt({ message: 'LOGIN_FAILURE_LIMIT must be a whole number of at least 1' })
  @Min(1, { message: 'LOGIN_FAILURE_LIMIT must be a whole number of at least 1' })
  LOGIN_FAILURE_LIMIT = 10;

  /** Failed sign-ins allowed from one IP (any accounts) within the window: high, an office shares one address. */
  @Transform(parseNumber)
  @IsInt({ message: 'LOGIN_IP_FAILURE_LIMIT must be a whole number of at least 1' })
  @Min(1, { message: 'LOGIN_IP_FAILURE_LIMIT must be a whole number of at least 1' })
  LOGIN_IP_FAILURE_LIMIT = 100;

  @Transform(parseNumber)
  @IsInt({ message: 'LOGIN_FAILURE_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  @Min(1, { message: 'LOGIN_FAILURE_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  @Max(86400, { message: 'LOGIN_FAILURE_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

  /** Failed sign-ins of one account (from anywhere) within the window before its answers slow down. */
  @Transform(parseNumber)
  @IsInt({ message: 'LOGIN_SLOWDOWN_AFTER must be a whole number of at least 1' })
  @Min(1, { message: 'LOGIN_SLOWDOWN_AFTER must be a whole number of at least 1' })
  LOGIN_SLOWDOWN_AFTER = 5;

  /** The longest a slowed-down sign-in waits before its password is checked (the delay doubles per failure up to it). */
  @Transform(parseNumber)
  @IsInt({ message: 'LOGIN_SLOWDOWN_MAX_MS must be a whole number of milliseconds (0 to 30000)' })
  @Min(0, { message: 'LOGIN_SLOWDOWN_MAX_MS must be a whole number of milliseconds (0 to 30000)' })
  @Max(30_000, { message: 'LOGIN_SLOWDOWN_MAX_MS must be a whole number of milliseconds (0 to 30000)' })
  LOGIN_SLOWDOWN_MAX_MS = 10_000;

  /** Verification and reset mails requested per address within the window (counted for any address alike). */
  @Transform(parseNumber)
  @IsInt({ message: 'MAIL_SEND_LIMIT must be a whole number of at least 1' })
  @Min(1, { message: 'MAIL_SEND_LIMIT must be a whole number of at least 1' })
  MAIL_SEND_LIMIT = 5;

  /** Registrations, verification and reset mails requested from one IP within the window. */
  @Transform(parseNumber)
  @IsInt({ message: 'MAIL_SEND_LIMIT_PER_IP must be a whole number of at least 1' })
  @Min(1, { message: 'MAIL_SEND_LIMIT_PER_IP must be a whole number of at least 1' })
  MAIL_SEND_LIMIT_PER_IP = 20;

  @Transform(parseNumber)
  @IsInt({ message: 'MAIL_SEND_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  @Min(1, { message: 'MAIL_SEND_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  @Max(86400, { message: 'MAIL_SEND_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  MAIL_SEND_WINDOW_SECONDS = 60 * 60;
}
