import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';

/** svc-media or object storage answered 404: the garment, model or file does not exist (or is not this user's). */
export class MediaNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`svc-media has no ${path}`);
    this.name = 'MediaNotFoundError';
  }
}

/** svc-media or object storage could not be reached, or answered 5xx: worth trying again later. */
export class MediaUnavailableError extends ApiException {
  constructor(message: string) {
    super(503, ErrorCode.SERVICE_UNAVAILABLE, message);
  }
}
