import { HttpUrl, ServiceConfig, WholeNumber } from '@vton/service-kit';
import { IsNotEmpty, IsString, MinLength, ValidateIf } from 'class-validator';

const SIGNING_SECRET_RULE = 'MEDIA_URL_SIGNING_SECRET must be set to at least 32 random characters (npm start generates one into its data folder)';
const SERVICE_SECRET_RULE = 'GENERATION_SERVICE_SECRET must be at least 32 characters (required when running in Kubernetes)';

export class MediaConfig extends ServiceConfig {
  PORT = 3002;
  DATABASE_SCHEMA = 'media';

  @HttpUrl()
  S3_ENDPOINT!: string;

  @IsString({ message: 'S3_ACCESS_KEY must be set' })
  @IsNotEmpty({ message: 'S3_ACCESS_KEY must be set' })
  S3_ACCESS_KEY!: string;

  @IsString({ message: 'S3_SECRET_KEY must be set' })
  @IsNotEmpty({ message: 'S3_SECRET_KEY must be set' })
  S3_SECRET_KEY!: string;

  @IsString()
  @IsNotEmpty({ message: 'S3_BUCKET must not be empty' })
  S3_BUCKET = 'vton-media';

  @IsString()
  @IsNotEmpty({ message: 'S3_REGION must not be empty' })
  S3_REGION = 'us-east-1';

  /** Largest accepted file of a multipart upload (garment, model photo, mask, result). */
  @WholeNumber({ min: 1024, message: 'MAX_UPLOAD_BYTES must be a whole number of bytes', belowMin: 'MAX_UPLOAD_BYTES must be at least 1024' })
  MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

  /** Largest decoded image (sharp limitInputPixels): 100 MP lets 8K photos in and keeps pixel floods out. */
  @WholeNumber({ min: 1, message: 'MAX_INPUT_PIXELS must be a whole number of pixels', belowMin: 'MAX_INPUT_PIXELS must be positive' })
  MAX_INPUT_PIXELS = 100_000_000;

  /** Longest data URL accepted by POST /api/generated-images (its text, below JSON_BODY_LIMIT so our message wins). */
  @WholeNumber({ min: 1024, message: 'MAX_DATA_URL_BYTES must be a whole number of bytes', belowMin: 'MAX_DATA_URL_BYTES must be at least 1024' })
  MAX_DATA_URL_BYTES = 50 * 1024 * 1024;

  /**
   * All files of one multipart request together. Uploads are held in memory while they are
   * checked, so this (not MAX_FILES_PER_UPLOAD × MAX_UPLOAD_BYTES) bounds a request's memory.
   */
  @WholeNumber({ min: 1024, message: 'MAX_UPLOAD_REQUEST_BYTES must be a whole number of bytes', belowMin: 'MAX_UPLOAD_REQUEST_BYTES must be at least 1024' })
  MAX_UPLOAD_REQUEST_BYTES = 200 * 1024 * 1024;

  /**
   * An upload of MAX_UPLOAD_REQUEST_BYTES takes 14 min at 2 Mbit/s, and the Gateway's route gives
   * svc-media 15 min (deploy/base/gateway.yaml): with Node's 300 s such an upload was cut off with a 408.
   */
  HTTP_REQUEST_TIMEOUT_SECONDS = 900;

  /** Model photos per POST /api/models (spec §1 recommends 5-10 per batch). */
  @WholeNumber({
    min: 1,
    max: 100,
    message: 'MAX_FILES_PER_UPLOAD must be a whole number',
    belowMin: 'MAX_FILES_PER_UPLOAD must be at least 1',
    aboveMax: 'MAX_FILES_PER_UPLOAD must be at most 100',
  })
  MAX_FILES_PER_UPLOAD = 10;

  /** Lifetime of signed image URLs. */
  @WholeNumber({
    min: 10,
    max: 7 * 24 * 3600,
    message: 'SIGNED_URL_TTL_SECONDS must be a whole number of seconds',
    belowMin: 'SIGNED_URL_TTL_SECONDS must be at least 10',
    aboveMax: 'SIGNED_URL_TTL_SECONDS must be at most 604800',
  })
  SIGNED_URL_TTL_SECONDS = 3600;

  /**
   * HMAC key of the signed image URLs, shared by every replica. Always required and never
   * derived from anything public: whoever knew it could sign a URL to any seller's photo.
   * npm start generates a random one into its data folder; Kubernetes reads it from a Secret.
   */
  @IsString({ message: SIGNING_SECRET_RULE })
  @MinLength(32, { message: SIGNING_SECRET_RULE })
  MEDIA_URL_SIGNING_SECRET!: string;

  /**
   * The secret svc-generation's workers sign their service credential with (the same value on both
   * services): the only credential the internal routes accept. Without it those routes answer 503.
   * Required in a cluster (the workers cannot run without it).
   */
  @ValidateIf((config: MediaConfig) => config.GENERATION_SERVICE_SECRET !== undefined || !!config.KUBERNETES_SERVICE_HOST)
  @IsString({ message: SERVICE_SECRET_RULE })
  @MinLength(32, { message: SERVICE_SECRET_RULE })
  GENERATION_SERVICE_SECRET?: string;
}
