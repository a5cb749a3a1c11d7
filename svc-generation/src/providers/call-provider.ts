import { setTimeout as sleep } from 'node:timers/promises';
import { asModelTryOnError, vtonProcessingError, type ModelTryOnError } from '../try-on/try-on-errors.js';
import type { TryOnInput, TryOnOutput, TryOnProvider } from './try-on-provider.js';

export interface ProviderCallPolicy {
  /** Attempts in all: 2 is today's one retry. */
  attempts: number;
  /** Base of the jittered pause before a retry when the provider named no wait (the pause is 50–150 % of it). */
  backoffMs: number;
  /** The longest Retry-After waited out; a longer one fails the model at once (retryable later). */
  maxRetryAfterMs: number;
  /**
   * Told when the provider rate-limits us, before the wait: the fleet-wide VTON limit counts the
   * provider as saturated for `retryAfterMs` (issue 14's limiter), so other workers hold back too.
   */
  onRateLimited?: (retryAfterMs: number, error: ModelTryOnError) => void;
  /** Waits `ms` (tests record the waits instead of spending them). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface ProviderCallResult {
  output: TryOnOutput;
  attempts: number;
}

/**
 * One model's provider call with the studio's retry rule: a retryable failure (timeout, 5xx,
 * broken connection, 429) gets another attempt; a 429's Retry-After is honoured — the next attempt
 * waits at least that long — and a 4xx or a garbage answer is never retried, it would fail the
 * same way again. `onAttempt` runs before each attempt (the job model turns `running`).
 */
export async function callProvider(
  provider: TryOnProvider,
  input: TryOnInput,
  policy: ProviderCallPolicy,
  onAttempt?: (attempt: number) => void,
): Promise<ProviderCallResult> {
  const wait = policy.wait ?? ((ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal }).then(() => undefined));
  for (let attempt = 1; ; attempt++) {
    onAttempt?.(attempt);
    try {
      return { output: await provider.tryOn(input), attempts: attempt };
    } catch (error) {
      const failure = asModelTryOnError(error);
      if (input.signal?.aborted) throw vtonProcessingError('the request was cancelled');
      if (!failure.retryable || attempt >= policy.attempts) throw failure;
      const named = failure.retryAfterMs;
      if (named !== undefined && named > policy.maxRetryAfterMs) throw failure;
      if (failure.status === 429) policy.onRateLimited?.(named ?? 0, failure);
      const jittered = Math.round(policy.backoffMs * (0.5 + Math.random()));
      try {
        await wait(Math.max(named ?? 0, jittered), input.signal);
      } catch {
        throw vtonProcessingError('the request was cancelled');
      }
    }
  }
}
