import { DEFAULT_TRIAL_CREDITS, DEFAULT_TRIAL_DAYS } from '@vton/contracts';
import { parseNumber, ServiceConfig } from '@vton/service-kit';
import { Transform } from 'class-transformer';
import { IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, Max, MinLength, Min, ValidateIf } from 'class-validator';

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

  /** Requests one personal API key may make per window (every service counts; 429 with RateLimit headers beyond). */
  @Transform(parseNumber)
  @IsInt({ message: 'API_KEY_RATE_LIMIT must be a whole number from 1 to 100000' })
  @Min(1, { message: 'API_KEY_RATE_LIMIT must be a whole number from 1 to 100000' })
  @Max(100_000, { message: 'API_KEY_RATE_LIMIT must be a whole number from 1 to 100000' })
  API_KEY_RATE_LIMIT = 60;

  @Transform(parseNumber)
  @IsInt({ message: 'API_KEY_RATE_WINDOW_SECONDS must be a whole number of seconds (1 to 3600)' })
  @Min(1, { message: 'API_KEY_RATE_WINDOW_SECONDS must be a whole number of seconds (1 to 3600)' })
  @Max(3600, { message: 'API_KEY_RATE_WINDOW_SECONDS must be a whole number of seconds (1 to 3600)' })
  API_KEY_RATE_WINDOW_SECONDS = 60;

  /** Credits every new verified account's trial starts with. */
  @Transform(parseNumber)
  @IsInt({ message: 'TRIAL_CREDITS must be a whole number from 0 to 100000' })
  @Min(0, { message: 'TRIAL_CREDITS must be a whole number from 0 to 100000' })
  @Max(100_000, { message: 'TRIAL_CREDITS must be a whole number from 0 to 100000' })
  TRIAL_CREDITS = DEFAULT_TRIAL_CREDITS;

  @Transform(parseNumber)
  @IsInt({ message: 'TRIAL_DAYS must be a whole number of days from 1 to 365' })
  @Min(1, { message: 'TRIAL_DAYS must be a whole number of days from 1 to 365' })
  @Max(365, { message: 'TRIAL_DAYS must be a whole number of days from 1 to 365' })
  TRIAL_DAYS = DEFAULT_TRIAL_DAYS;

  /** svc-generation's service credential (the same secret it signs with): its reservations and settlements. */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'GENERATION_SERVICE_SECRET must be at least 32 characters' })
  GENERATION_SERVICE_SECRET?: string;

  /** Stripe billing is on when this is set (a secret key, sk_live_… or sk_test_…). */
  @IsOptional()
  @Matches(/^(sk|rk)_(live|test)_\S+$/, { message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_…)' })
  STRIPE_SECRET_KEY?: string;

  /** The signing secret of the Stripe webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
  @ValidateIf((config: AuthConfig) => !!config.STRIPE_SECRET_KEY || config.STRIPE_WEBHOOK_SECRET !== undefined)
  @Matches(/^whsec_\S+$/, { message: 'STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (whsec_…)' })
  STRIPE_WEBHOOK_SECRET?: string;

  /** Where the Stripe SDK sends its requests (tests: a local fake); Stripe's own API when unset. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'STRIPE_API_URL must be an http(s) URL' })
  STRIPE_API_URL?: string;

  /** Stripe Price ids of the plans (price_…); required with STRIPE_SECRET_KEY. */
  @ValidateIf((config: AuthConfig) => !!config.STRIPE_SECRET_KEY)
  @Matches(/^price_\S+$/, { message: 'STRIPE_PRICE_STARTER_MONTHLY must be a Stripe price id (price_…)' })
  STRIPE_PRICE_STARTER_MONTHLY?: string;

  @ValidateIf((config: AuthConfig) => !!config.STRIPE_SECRET_KEY)
  @Matches(/^price_\S+$/, { message: 'STRIPE_PRICE_STARTER_YEARLY must be a Stripe price id (price_…)' })
  STRIPE_PRICE_STARTER_YEARLY?: string;

  @ValidateIf((config: AuthConfig) => !!config.STRIPE_SECRET_KEY)
  @Matches(/^price_\S+$/, { message: 'STRIPE_PRICE_PROFESSIONAL_MONTHLY must be a Stripe price id (price_…)' })
  STRIPE_PRICE_PROFESSIONAL_MONTHLY?: string;

  @ValidateIf((config: AuthConfig) => !!config.STRIPE_SECRET_KEY)
  @Matches(/^price_\S+$/, { message: 'STRIPE_PRICE_PROFESSIONAL_YEARLY must be a Stripe price id (price_…)' })
  STRIPE_PRICE_PROFESSIONAL_YEARLY?: string;

  @ValidateIf((config: AuthConfig) => !!config.STRIPE_SECRET_KEY)
  @Matches(/^price_\S+$/, { message: 'STRIPE_PRICE_ENTERPRISE_MONTHLY must be a Stripe price id (price_…)' })
  STRIPE_PRICE_ENTERPRISE_MONTHLY?: string;

  @ValidateIf((config: AuthConfig) => !!config.STRIPE_SECRET_KEY)
  @Matches(/^price_\S+$/, { message: 'STRIPE_PRICE_ENTERPRISE_YEARLY must be a Stripe price id (price_…)' })
  STRIPE_PRICE_ENTERPRISE_YEARLY?: string;

  /** Where "Contact Sales" writes to (the plan page and the pricing page). */
  @IsOptional()
  @IsEmail({}, { message: 'SALES_EMAIL must be an e-mail address' })
  SALES_EMAIL?: string;
}
