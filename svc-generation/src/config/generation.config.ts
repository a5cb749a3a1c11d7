import { HttpUrl, parseFlag, ServiceConfig, WholeNumber } from '@vton/service-kit';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, MinLength, ValidateIf } from 'class-validator';
import { OptionalHttpUrl } from './config-rules.js';

const SERVICE_SECRET_RULE = 'GENERATION_SERVICE_SECRET must be at least 32 characters';

/**
 * svc-generation's own variables. Each provider declares and validates its own in its folder
 * (src/providers/<name>/<name>.config.ts); the registry composes them onto this class
 * (ProviderConfigs), which is what the service loads and validates at start.
 */
export class GenerationConfig extends ServiceConfig {
  PORT = 3003;
  DATABASE_SCHEMA = 'generation';

  /** The try-on engine (spec §7 multipart contract); `npm start` points it at the local compositor. */
  @OptionalHttpUrl()
  VTON_API_URL?: string;

  @HttpUrl()
  MEDIA_SERVICE_URL = 'http://127.0.0.1:3002';

  /**
   * At most this many models in progress at once across the whole fleet of workers (each holds its
   * VTON call): the provider's concurrency limit.
   */
  @WholeNumber({ min: 1, max: 256 })
  VTON_CONCURRENCY = 4;

  /** Each VTON attempt is abandoned after this long. */
  @WholeNumber({ min: 100, max: 900_000 })
  VTON_TIMEOUT_MS = 120_000;

  /** Largest VTON answer read (the result image); a longer one fails the model, unread. */
  @WholeNumber({ min: 1024, max: 1024 * 1024 * 1024 })
  VTON_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

  /**
   * Runs of one model before it fails for good: a provider timeout, 5xx or broken connection,
   * and a worker that stopped while running it, each use one.
   */
  @WholeNumber({ min: 1, max: 10 })
  VTON_MAX_ATTEMPTS = 3;

  /**
   * Base of the exponential, jittered pause before a model runs again: the first pause is 1–2 times
   * it, then doubling, at most a minute. At least a second, so a re-queued model is seen as such.
   */
  @WholeNumber({ min: 1, max: 60 })
  VTON_RETRY_DELAY_SECONDS = 2;

  /** Compositions running at once: each full-resolution one holds a few hundred MB at 8K. */
  @WholeNumber({ min: 1, max: 16 })
  COMPOSE_CONCURRENCY = 2;

  /** Calls to svc-media (reads and the gallery save) are abandoned after this long. */
  @WholeNumber({ min: 100, max: 600_000 })
  MEDIA_TIMEOUT_MS = 60_000;

  /**
   * The job's time limit for an outage of our own (svc-media unreachable, or its object storage or
   * database down): a model run waits this long for its inputs, and a finished provider result this
   * long for its gallery save, before it gives up (the result is then kept here, never thrown away).
   */
  @WholeNumber({ min: 1000, max: 3_600_000 })
  MEDIA_RETRY_MS = 10 * 60 * 1000;

  /** Largest svc-media answer read (a garment or model file, a JSON record). */
  @WholeNumber({ min: 1024, max: 2 * 1024 * 1024 * 1024 })
  MEDIA_MAX_RESPONSE_BYTES = 200 * 1024 * 1024;

  /**
   * How long a model stays with a worker that stopped answering (killed, frozen, cut off) before it
   * goes back to the queue. Workers renew their hold several times within it.
   */
  @WholeNumber({ min: 12, max: 30 })
  WORKER_LEASE_SECONDS = 20;

  /** On SIGTERM a worker stops claiming and finishes what it holds within this long; the rest goes back to the queue. */
  @WholeNumber({ min: 0, max: 600_000 })
  WORKER_DRAIN_MS = 90_000;

  /** Models one worker process works on at once (each mostly waits on the provider). */
  @WholeNumber({ min: 1, max: 64 })
  WORKER_CONCURRENCY = 8;

  /** An idle worker looks for work at least this often (new work and freed slots also wake it at once). */
  @WholeNumber({ min: 100, max: 60_000 })
  WORKER_POLL_MS = 2000;

  /** Models one account may have waiting; a job that would go beyond it answers 429. */
  @WholeNumber({ min: 1, max: 100_000 })
  MAX_QUEUED_MODELS_PER_ACCOUNT = 100;

  /**
   * Cells (products × model photos) one catalogue run may have (400 above it), and run cells one
   * account may have waiting at once (429 beyond it); jobs keep MAX_QUEUED_MODELS_PER_ACCOUNT.
   */
  @WholeNumber({ min: 1, max: 100_000 })
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
  @WholeNumber({ min: 60_000, max: 604_800_000 })
  RESULT_FALLBACK_TTL_MS = 24 * 60 * 60 * 1000;

  /**
   * Which try-on provider answers (one of src/providers/registry.ts, which checks the name). Unset: `seed` (the §7 contract
   * at VTON_API_URL) when VTON_API_URL is set, otherwise `local` (the built-in compositor).
   */
  @IsOptional()
  @IsString()
  VTON_PROVIDER?: string;

  /**
   * Which placement engine answers jobs of the Product category (one of src/providers/registry.ts):
   * garments keep going to VTON_PROVIDER. Default: the built-in compositor.
   */
  @IsString()
  PLACEMENT_PROVIDER = 'local';

  /** At most this many product jobs' models in progress at once across every worker: the placement engine's limit. */
  @WholeNumber({ min: 1, max: 256 })
  PLACEMENT_CONCURRENCY = 4;

  /** How often a queued prediction (FASHN, fal, BFL) is polled; the whole call stays within VTON_TIMEOUT_MS. */
  @WholeNumber({ min: 10, max: 60_000 })
  VTON_POLL_INTERVAL_MS = 1000;

  /**
   * Running locally (`npm start`, the tests): webhooks may also go to http://localhost and other
   * loopback addresses. Never set in production, where only public HTTPS receivers are allowed.
   */
  @Transform(parseFlag)
  @IsBoolean({ message: "WEBHOOKS_LOCAL_MODE must be 'true' or 'false'" })
  WEBHOOKS_LOCAL_MODE = false;

  /** A delivery attempt is abandoned after this long (connection, request and answer together). */
  @WholeNumber({ min: 100, max: 60_000 })
  WEBHOOK_TIMEOUT_MS = 15_000;

  /**
   * Delivery attempts one worker process makes at once, each in its own lane: a slow endpoint holds
   * only the lane its attempt runs in. An attempt mostly waits on the seller's endpoint (up to
   * WEBHOOK_TIMEOUT_MS), so 10 lets nine slow endpoints be waited on while deliveries to the others
   * go on; each idle lane also looks for work once a second, so the idle queue sees that many
   * light fetches a second per worker.
   */
  @WholeNumber({ min: 1, max: 100 })
  WEBHOOK_DELIVERY_CONCURRENCY = 10;

  /** Most of a receiver's answer read; the rest is dropped unread. */
  @WholeNumber({ min: 0, max: 1024 * 1024 })
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
