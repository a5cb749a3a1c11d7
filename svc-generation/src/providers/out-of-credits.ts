import { ModelTryOnError } from '../errors/try-on-errors.js';

/**
 * A provider's answer that its account has no credits left (FASHN: 429 OutOfCredits), as the model's
 * failure: the provider's own §8 error saying so, never retried (waiting adds no credits) and,
 * whatever its status, no rate limit: the worker pauses nothing, logs it as an error and counts it
 * in generation_provider_out_of_credits_total, for the operator to top the account up.
 */
export class OutOfCreditsError extends ModelTryOnError {
  constructor(engine: string, answer: ModelTryOnError) {
    super(answer.code, `${answer.message} (the ${engine} account is out of credits)`, false, { status: answer.status });
  }
}
