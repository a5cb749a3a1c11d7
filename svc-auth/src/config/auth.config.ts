import { PickType } from '@nestjs/swagger';
import { DEFAULT_TRIAL_CREDITS, DEFAULT_TRIAL_DAYS } from '@vton/contracts';
import { HttpUrl, ServiceConfig, WholeNumber } from '@vton/service-kit';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MinLength, ValidateIf } from 'class-validator';

/** A Stripe Price id of a plan (price_…), required with STRIPE_SECRET_KEY. */
function StripePriceId(): PropertyDecorator {
  return (target, key) => {
    Matches(/^price_\S+$/, { message: `${String(key)} must be a Stripe price id (price_…)` })(target, key);
    ValidateIf((config: AuthConfig) => !!config.STRIPE_SECRET_KEY)(target, key);
  };
}

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

  @HttpUrl()
  PUBLIC_URL = 'http://localhost:8080';

  @IsString()
  @IsNotEmpty({ message: 'MAIL_FROM must not be empty' })
  MAIL_FROM = 'VTON Studio <no-reply@vton.local>';

  /** Failed sign-ins allowed for one account from one IP within the window, then 429 for that pair. */
  @WholeNumber({ min: 1 })
  LOGIN_FAILURE_LIMIT = 10;

  /** Failed sign-ins allowed from one IP (any accounts) within the window: high, an office shares one address. */
  @WholeNumber({ min: 1 })
  LOGIN_IP_FAILURE_LIMIT = 100;

  @WholeNumber({ min: 1, max: 86400, message: 'LOGIN_FAILURE_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

  /** Failed sign-ins of one account (from anywhere) within the window before its answers slow down. */
  @WholeNumber({ min: 1 })
  LOGIN_SLOWDOWN_AFTER = 5;

  /** The longest a slowed-down sign-in waits before its password is checked (the delay doubles per failure up to it). */
  @WholeNumber({ min: 0, max: 30_000, message: 'LOGIN_SLOWDOWN_MAX_MS must be a whole number of milliseconds (0 to 30000)' })
  LOGIN_SLOWDOWN_MAX_MS = 10_000;

  /** Verification and reset mails requested per address within the window (counted for any address alike). */
  @WholeNumber({ min: 1 })
  MAIL_SEND_LIMIT = 5;

  /** Registrations, verification and reset mails requested from one IP within the window. */
  @WholeNumber({ min: 1 })
  MAIL_SEND_LIMIT_PER_IP = 20;

  @WholeNumber({ min: 1, max: 86400, message: 'MAIL_SEND_WINDOW_SECONDS must be a whole number of seconds (1 to 86400)' })
  MAIL_SEND_WINDOW_SECONDS = 60 * 60;

  /** Requests one personal API key may make per window (every service counts; 429 with RateLimit headers beyond). */
  @WholeNumber({ min: 1, max: 100_000, message: 'API_KEY_RATE_LIMIT must be a whole number from 1 to 100000' })
  API_KEY_RATE_LIMIT = 60;

  @WholeNumber({ min: 1, max: 3600, message: 'API_KEY_RATE_WINDOW_SECONDS must be a whole number of seconds (1 to 3600)' })
  API_KEY_RATE_WINDOW_SECONDS = 60;

  /** Credits every new verified account's trial starts with. */
  @WholeNumber({ min: 0, max: 100_000, message: 'TRIAL_CREDITS must be a whole number from 0 to 100000' })
  TRIAL_CREDITS = DEFAULT_TRIAL_CREDITS;

  @WholeNumber({ min: 1, max: 365, message: 'TRIAL_DAYS must be a whole number of days from 1 to 365' })
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
  @HttpUrl()
  STRIPE_API_URL?: string;

  @StripePriceId()
  STRIPE_PRICE_STARTER_MONTHLY?: string;

  @StripePriceId()
  STRIPE_PRICE_STARTER_YEARLY?: string;

  @StripePriceId()
  STRIPE_PRICE_PROFESSIONAL_MONTHLY?: string;

  @StripePriceId()
  STRIPE_PRICE_PROFESSIONAL_YEARLY?: string;

  @StripePriceId()
  STRIPE_PRICE_ENTERPRISE_MONTHLY?: string;

  @StripePriceId()
  STRIPE_PRICE_ENTERPRISE_YEARLY?: string;

  /** Where "Contact Sales" writes to (the plan page and the pricing page). */
  @IsOptional()
  @IsEmail({}, { message: 'SALES_EMAIL must be an e-mail address' })
  SALES_EMAIL?: string;
}

/** What the credit ledger and the plans read of svc-auth's configuration. */
const BILLING_SETTINGS = ['BILLING_MODE', 'TRIAL_CREDITS', 'TRIAL_DAYS', 'STRIPE_SECRET_KEY', 'SALES_EMAIL'] as const;
export type BillingSettings = Pick<AuthConfig, (typeof BILLING_SETTINGS)[number]>;

/**
 * What the operator's billing command reads (npm run billing, deploy/examples/billing-job.yaml): the
 * database and the billing settings, each validated as svc-auth validates it. The command serves no
 * HTTP, signs nothing and sends no mail, so it asks for none of their settings: a one-off Kubernetes
 * Job runs it with DATABASE_URL alone, without the TRUSTED_PROXIES and signing key svc-auth's pods need.
 */
export class BillingCommandConfig extends PickType(AuthConfig, ['DATABASE_URL', 'DATABASE_SCHEMA', 'MIGRATIONS_RUN', ...BILLING_SETTINGS]) {}
