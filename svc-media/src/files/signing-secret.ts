import { createHmac } from 'node:crypto';
import type { MediaConfig } from '../config/media.config.js';

/**
 * The HMAC key of signed image URLs: MEDIA_URL_SIGNING_SECRET when set (required in a
 * cluster). Otherwise it is derived from the S3 credentials, so it is stable across
 * restarts with nothing to configure: whoever knows those credentials can read the
 * bucket directly anyway, so the derived key grants nothing more.
 */
export function signingSecret(config: MediaConfig): Buffer {
  if (config.MEDIA_URL_SIGNING_SECRET) return Buffer.from(config.MEDIA_URL_SIGNING_SECRET);
  return createHmac('sha256', config.S3_SECRET_KEY)
    .update(`vton svc-media signed URLs\n${config.S3_ACCESS_KEY}\n${config.S3_BUCKET}`)
    .digest();
}
