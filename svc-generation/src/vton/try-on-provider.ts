/** The three 960×960 PNGs and the prompt of one try-on call (spec §7). */
export interface VtonRequest {
  prompt: string;
  /** The model photo's crop, fitted on white. */
  target: Buffer;
  /** The cropped garment. */
  reference: Buffer;
  /** The processed mask, fitted on black. */
  mask: Buffer;
}

export interface VtonAnswer {
  /** The result image as the provider sent it. */
  image: Buffer;
  /** Time spent in the call, for the overhead figures. */
  elapsedMs: number;
}

/**
 * The seam between a worker and whoever generates the try-on: one call, one attempt. A failure is
 * a ModelTryOnError with spec §8's code and message, `retryable` when another attempt may succeed
 * (timeout, 5xx, broken connection); the queue makes that attempt, with backoff, up to
 * VTON_MAX_ATTEMPTS. The fleet-wide concurrency limit is not the provider's business: a worker only
 * claims a model when the provider named here has a free slot (JobQueue.claim).
 */
export interface TryOnProvider {
  /** Names the provider in metrics and logs, and its concurrency group on the queue. */
  readonly name: string;
  readonly isConfigured: boolean;
  tryOn(request: VtonRequest, options?: { signal?: AbortSignal }): Promise<VtonAnswer>;
}

/** Injection token of the provider the workers call (today the HTTP VtonClient). */
export const TRY_ON_PROVIDER = Symbol('TRY_ON_PROVIDER');
