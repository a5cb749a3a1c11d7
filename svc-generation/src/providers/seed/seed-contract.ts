import { BUILT_IN_ENGINE_HEADER, TARGET_IMAGE_SIZE, VTON_FIELDS, type GarmentCategory } from '@vton/contracts';
import { BodyTooLargeError, readCappedBody } from '../../http/capped-body.js';
import { vtonApiError, vtonProcessingError } from '../../errors/try-on-errors.js';
import { multipartBody } from '../../http/multipart-body.js';
import { parseRetryAfter } from '../provider-http.js';

/** The three 960×960 PNGs and the prompt of one §7 call. */
export interface SeedRequest {
  prompt: string;
  /** The model photo's crop, fitted on white. */
  target: Buffer;
  /** The cropped garment. */
  reference: Buffer;
  /** The processed mask, fitted on black. */
  mask: Buffer;
  /** Sent beside §7's fields (VTON_FIELDS.category): the built-in engine reads it. */
  category?: GarmentCategory;
}

export interface SeedAnswer {
  image: Buffer;
  /** The service said it is the built-in engine (BUILT_IN_ENGINE_HEADER). */
  builtInEngine: boolean;
}

export interface SeedCallOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  signal?: AbortSignal;
}

const MAX_ERROR_BODY = 500;

/**
 * The seed VTON contract (spec §7), the one place that speaks it: a multipart POST of prompt,
 * width=960, height=960, target_image=model.png, reference_image=garment.png, mask_image=mask.png,
 * answered with image bytes. A non-success answer is §8's VTON_API_ERROR; an empty or oversized
 * answer a VTON_PROCESSING_ERROR. Network failures and the timeout are thrown as they are (the
 * caller words them: VtonClient with its retry, SeedProvider within its call).
 */
export async function postSeedRequest(url: string, request: SeedRequest, options: SeedCallOptions): Promise<SeedAnswer> {
  const png = (field: { field: string; filename: string }, data: Buffer) => ({ name: field.field, filename: field.filename, contentType: 'image/png', data });
  const { body, contentType } = multipartBody([
    { name: VTON_FIELDS.prompt, value: request.prompt },
    { name: VTON_FIELDS.width, value: String(TARGET_IMAGE_SIZE) },
    { name: VTON_FIELDS.height, value: String(TARGET_IMAGE_SIZE) },
    png(VTON_FIELDS.targetImage, request.target),
    png(VTON_FIELDS.referenceImage, request.reference),
    png(VTON_FIELDS.maskImage, request.mask),
    ...(request.category ? [{ name: VTON_FIELDS.category, value: request.category }] : []),
  ]);

  // The timeout covers the whole exchange, body included: a service that sends headers and
  // then stalls is abandoned as surely as one that never answers.
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const combined = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': contentType }, signal: combined });
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).slice(0, MAX_ERROR_BODY);
    throw vtonApiError(response.status, response.statusText, body, parseRetryAfter(response.headers.get('retry-after')));
  }
  // The answer is held in memory: a runaway one is cut off at the cap.
  let image: Buffer;
  try {
    image = await readCappedBody(response, options.maxResponseBytes);
  } catch (error) {
    // Not retried: the service did answer, and would answer the same again.
    if (error instanceof BodyTooLargeError) throw vtonProcessingError(error.message);
    throw error;
  }
  if (image.length === 0) throw vtonProcessingError('the VTON service answered with an empty body');
  return { image, builtInEngine: response.headers.get(BUILT_IN_ENGINE_HEADER.name) === BUILT_IN_ENGINE_HEADER.value };
}

