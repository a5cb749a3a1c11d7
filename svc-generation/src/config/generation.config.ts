import { parseFlag, parseNumber, ServiceConfig } from '@vton/service-kit';
import { Transform } from 'class-transformer';
import { PLACEMENT_PROVIDERS, TRY_ON_PROVIDERS, type PlacementProviderName, type ProviderName, type TryOnProviderName } from '@vton/contracts';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';

const wholeNumber = (name: string, min: number, max: number) => [
  Transform(parseNumber),
  IsInt({ message: `${name} must be a whole number between ${min} and ${max}` }),
  Min(min, { message: `${name} must be a whole number between ${min} and ${max}` }),
  Max(max, { message: `${name} must be a whole number between ${min} and ${max}` }),
];
const SERVICE_SECRET_RULE = 'GENERATION_SERVICE_SECRET must be at least 32 characters';
const apply = (decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => decorators.forEach((d) => d(target, key));
const httpUrl = (name: string) => IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: `${name} must be an http(s) URL` });
/** A secret the chosen provider cannot work without (as VTON_PROVIDER or PLACEMENT_PROVIDER): checked at start, never logged. */
const requiredFor = (provider: ProviderName, name: string) => [
  ValidateIf((config: GenerationConfig) => config.VTON_PROVIDER === provider || config.PLACEMENT_PROVIDER === provider),
  IsNotEmpty({
    message: (args: { object: object }) =>
      `${name} is required when ${(args.object as GenerationConfig).VTON_PROVIDER === provider ? 'VTON_PROVIDER' : 'PLACEMENT_PROVIDER'}=${provider}`,
  }),
];

export class GenerationConfig extends ServiceConfig {
  PORT = 3003;
  DATABASE_SCHEMA = 'generation';

  /** The try-on engine (spec §7 multipart contract); `npm start` points it at the local compositor. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'VTON_API_URL must be an http(s) URL' })
  VTON_API_URL?: string;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'MEDIA_SERVICE_URL must be an http(s) URL' })
  MEDIA_SERVICE_URL = 'http://127.0.0.1:3002';

  /**
   * At most this many models in progress at once across the whole fleet of workers (each holds its
   * VTON call): the provider's concurrency limit.
   */
  @apply(wholeNumber('VTON_CONCURRENCY', 1, 256))
  VTON_CONCURRENCY = 4;

  /** Each VTON attempt is abandoned after this long. */
  @apply(wholeNumber('VTON_TIMEOUT_MS', 100, 900_000))
  VTON_TIMEOUT_MS = 120_000;

  /** Largest VTON answer read (the result image); a longer one fails the model, unread. */
  @apply(wholeNumber('VTON_MAX_RESPONSE_BYTES', 1024, 1024 * 1024 * 1024))
  VTON_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

  /**
   * Runs of one model before it fails for good: a provider timeout, 5xx or broken connection,
   * and a worker that stopped while running it, each use one.
   */
  @apply(wholeNumber('VTON_MAX_ATTEMPTS', 1, 10))
  VTON_MAX_ATTEMPTS = 3;

  /**
   * Base of the exponential, jittered pause before a model runs again: the first pause is 1–2 times
   * it, then doubling, at most a minute. At least a second, so a re-queued model is seen as such.
   */
  @apply(wholeNumber('VTON_RETRY_DELAY_SECONDS', 1, 60))
  VTON_RETRY_DELAY_SECONDS = 2;

  /** Compositions running at once: each full-resolution one holds a few hundred MB at 8K. */
  @apply(wholeNumber('COMPOSE_CONCURRENCY', 1, 16))
  COMPOSE_CONCURRENCY = 2;

  /** Calls to svc-media (reads and the gallery save) are abandoned after this long. */
  @apply(wholeNumber('MEDIA_TIMEOUT_MS', 100, 600_000))
  MEDIA_TIMEOUT_MS = 60_000;

  /**
   * The job's time limit for an outage of our own (svc-media unreachable, or its object storage or
   * database down): a model run waits this long for its inputs, and a finished provider result this
   * long for its gallery save, before it gives up (the result is then kept here, never thrown away).
   */
  @apply(wholeNumber('MEDIA_RETRY_MS', 1000, 3_600_000))
  MEDIA_RETRY_MS = 10 * 60 * 1000;

  /** Largest svc-media answer read (a garment or model file, a JSON record). */
  @apply(wholeNumber('MEDIA_MAX_RESPONSE_BYTES', 1024, 2 * 1024 * 1024 * 1024))
  MEDIA_MAX_RESPONSE_BYTES = 200 * 1024 * 1024;

  /**
   * How long a model stays with a worker that stopped answering (killed, frozen, cut off) before it
   * goes back to the queue. Workers renew their hold several times within it.
   */
  @apply(wholeNumber('WORKER_LEASE_SECONDS', 12, 30))
  WORKER_LEASE_SECONDS = 20;

  /** On SIGTERM a worker stops claiming and finishes what it holds within this long; the rest goes back to the queue. */
  @apply(wholeNumber('WORKER_DRAIN_MS', 0, 600_000))
  WORKER_DRAIN_MS = 90_000;

  /** Models one worker process works on at once (each mostly waits on the provider). */
  @apply(wholeNumber('WORKER_CONCURRENCY', 1, 64))
  WORKER_CONCURRENCY = 8;

  /** An idle worker looks for work at least this often (new work and freed slots also wake it at once). */
  @apply(wholeNumber('WORKER_POLL_MS', 100, 60_000))
  WORKER_POLL_MS = 2000;

  /** Models one account may have waiting; a job that would go beyond it answers 429. */
  @apply(wholeNumber('MAX_QUEUED_MODELS_PER_ACCOUNT', 1, 100_000))
  MAX_QUEUED_MODELS_PER_ACCOUNT = 100;

  /**
   * Cells (products × model photos) one catalogue run may have (400 above it), and run cells one
   * account may have waiting at once (429 beyond it); jobs keep MAX_QUEUED_MODELS_PER_ACCOUNT.
   */
  @apply(wholeNumber('MAX_RUN_CELLS', 1, 100_000))
  MAX_RUN_CELLS = 500;

  /**
   * The secret the workers sign their service credential with; svc-media holds the same one. The
   * worker refuses to start without it (npm start generates one in the data folder).
   */
  @ValidateIf((config: GenerationConfig) => config.GENERATION_SERVICE_SECRET !== undefined)
  @IsString({ message: SERVICE_SECRET_RULE })
  @MinLength(32, { message: SERVICE_SECRET_RULE })
  GENERATION_SERVICE_SECRET?: string;

  /** How long a result kept here (because the gallery save failed) stays downloadable. */
  @apply(wholeNumber('RESULT_FALLBACK_TTL_MS', 60_000, 604_800_000))
  RESULT_FALLBACK_TTL_MS = 24 * 60 * 60 * 1000;

  /**
   * Which try-on provider answers (svc-generation/src/providers/). Unset: `seed` (the §7 contract
   * at VTON_API_URL) when VTON_API_URL is set, otherwise `local` (the built-in compositor).
   */
  @IsOptional()
  @IsIn(TRY_ON_PROVIDERS, { message: `VTON_PROVIDER must be one of ${TRY_ON_PROVIDERS.join(', ')}` })
  VTON_PROVIDER?: TryOnProviderName;

  /**
   * Which placement engine answers jobs of the Product category (svc-generation/src/providers/):
   * garments keep going to VTON_PROVIDER. Default: the built-in compositor.
   */
  @IsIn(PLACEMENT_PROVIDERS, { message: `PLACEMENT_PROVIDER must be one of ${PLACEMENT_PROVIDERS.join(', ')}` })
  PLACEMENT_PROVIDER: PlacementProviderName = 'local';

  /** At most this many product jobs' models in progress at once across every worker: the placement engine's limit. */
  @apply(wholeNumber('PLACEMENT_CONCURRENCY', 1, 256))
  PLACEMENT_CONCURRENCY = 4;

  /** How often a queued prediction (FASHN, fal, BFL) is polled; the whole call stays within VTON_TIMEOUT_MS. */
  @apply(wholeNumber('VTON_POLL_INTERVAL_MS', 10, 60_000))
  VTON_POLL_INTERVAL_MS = 1000;

  @apply(requiredFor('fashn', 'FASHN_API_KEY'))
  FASHN_API_KEY?: string;

  @httpUrl('FASHN_API_URL')
  FASHN_API_URL = 'https://api.fashn.ai/v1';

  @IsNotEmpty({ message: 'FASHN_MODEL must not be empty' })
  FASHN_MODEL = 'tryon-v1.6';

  /** FASHN's speed/quality trade-off; unset: FASHN's default (balanced). */
  @IsOptional()
  @IsIn(['performance', 'balanced', 'quality'], { message: 'FASHN_MODE must be one of performance, balanced, quality' })
  FASHN_MODE?: 'performance' | 'balanced' | 'quality';

  /** A Google service-account JSON (its token_uri is honoured); unset: Application Default Credentials. */
  @IsOptional()
  @IsString()
  GOOGLE_APPLICATION_CREDENTIALS?: string;

  /** The Google Cloud project; unset: the credentials' project. */
  @IsOptional()
  @IsString()
  GOOGLE_CLOUD_PROJECT?: string;

  @Matches(/^[a-z0-9-]+$/, { message: 'GOOGLE_CLOUD_LOCATION must be a region such as us-central1' })
  GOOGLE_CLOUD_LOCATION = 'us-central1';

  /** Unset: the location's host (global: aiplatform.googleapis.com; us, eu: aiplatform.{location}.rep.googleapis.com; else {location}-aiplatform.googleapis.com). */
  @IsOptional()
  @httpUrl('VERTEX_API_URL')
  VERTEX_API_URL?: string;

  @IsNotEmpty({ message: 'VERTEX_MODEL must not be empty' })
  VERTEX_MODEL = 'virtual-try-on-001';

  /** Vertex AI's personGeneration parameter, passed through (allow_adult, allow_all, dont_allow); unset, Google's default. */
  @IsOptional()
  @IsIn(['dont_allow', 'allow_adult', 'allow_all'], { message: 'VERTEX_PERSON_GENERATION must be one of dont_allow, allow_adult, allow_all' })
  VERTEX_PERSON_GENERATION?: string;

  @apply(requiredFor('fal', 'FAL_KEY'))
  FAL_KEY?: string;

  /** A fal model id: fal-ai/leffa/virtual-tryon, fal-ai/cat-vton, fal-ai/kling/v1-5/kolors-virtual-try-on, fal-ai/idm-vton, … */
  @Matches(/^[\w.-]+\/[\w.-]+(\/[\w.-]+)*$/, { message: 'FAL_MODEL must be a fal model id such as fal-ai/leffa/virtual-tryon' })
  FAL_MODEL = 'fal-ai/leffa/virtual-tryon';

  @httpUrl('FAL_QUEUE_URL')
  FAL_QUEUE_URL = 'https://queue.fal.run';

  /** Gemini API key (PLACEMENT_PROVIDER=gemini); unset, Gemini is reached through Vertex AI with the Google credentials above. */
  @IsOptional()
  @IsString()
  GEMINI_API_KEY?: string;

  @IsNotEmpty({ message: 'GEMINI_MODEL must not be empty' })
  GEMINI_MODEL = 'gemini-3.1-flash-image';

  /** The SDK's base URL (a proxy, a test fake); unset, Google's host for the Gemini API or Vertex AI. */
  @IsOptional()
  @httpUrl('GEMINI_API_URL')
  GEMINI_API_URL?: string;

  @apply(requiredFor('openai', 'OPENAI_API_KEY'))
  OPENAI_API_KEY?: string;

  /** The openai SDK's own variable; unset, https://api.openai.com/v1. */
  @IsOptional()
  @httpUrl('OPENAI_BASE_URL')
  OPENAI_BASE_URL?: string;

  @IsNotEmpty({ message: 'OPENAI_IMAGE_MODEL must not be empty' })
  OPENAI_IMAGE_MODEL = 'gpt-image-1.5';

  @apply(requiredFor('bfl', 'BFL_API_KEY'))
  BFL_API_KEY?: string;

  @httpUrl('BFL_API_URL')
  BFL_API_URL = 'https://api.bfl.ai';

  /** A FLUX model path of BFL's API (flux-2-pro, flux-2-max, flux-2-flex, …). */
  @Matches(/^[a-z0-9][a-z0-9.-]*$/, { message: 'BFL_MODEL must be a BFL model path such as flux-2-pro' })
  BFL_MODEL = 'flux-2-pro';

  /** The fal model that places products (PLACEMENT_PROVIDER=fal): fal-ai/nano-banana-2/edit, fal-ai/flux-2-pro/edit. */
  @Matches(/^[\w.-]+\/[\w.-]+(\/[\w.-]+)*$/, { message: 'FAL_PLACEMENT_MODEL must be a fal model id such as fal-ai/flux-2-pro/edit' })
  FAL_PLACEMENT_MODEL = 'fal-ai/nano-banana-2/edit';

  /**
   * Running locally (`npm start`, the tests): webhooks may also go to http://localhost and other
   * loopback addresses. Never set in production, where only public HTTPS receivers are allowed.
   */
  @Transform(parseFlag)
  @IsBoolean({ message: "WEBHOOKS_LOCAL_MODE must be 'true' or 'false'" })
  WEBHOOKS_LOCAL_MODE = false;

  /** A delivery attempt is abandoned after this long (connection, request and answer together). */
  @apply(wholeNumber('WEBHOOK_TIMEOUT_MS', 100, 60_000))
  WEBHOOK_TIMEOUT_MS = 15_000;

  /** Most of a receiver's answer read; the rest is dropped unread. */
  @apply(wholeNumber('WEBHOOK_MAX_RESPONSE_BYTES', 0, 1024 * 1024))
  WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;

  /**
   * Seconds between a failed attempt and the next (comma-separated): after the last, the delivery
   * has failed. The default follows the Standard Webhooks schedule and ends 24 hours after the event.
   */
  @Matches(/^\d+(,\d+)*$/, { message: 'WEBHOOK_RETRY_DELAYS_SECONDS must be whole numbers of seconds separated by commas' })
  WEBHOOK_RETRY_DELAYS_SECONDS = '5,300,1800,7200,18000,36000,23100';

  /** DNS servers (host or host:port, comma-separated) webhook host names are resolved with; unset, the system's. */
  @IsOptional()
  @Matches(/^[\w.:[\]-]+(,[\w.:[\]-]+)*$/, { message: 'WEBHOOK_DNS_SERVERS must be addresses such as 10.0.0.10 or 127.0.0.1:5353, separated by commas' })
  WEBHOOK_DNS_SERVERS?: string;

  get webhookRetryDelaysSeconds(): number[] {
    return this.WEBHOOK_RETRY_DELAYS_SECONDS.split(',').map(Number);
  }
}
