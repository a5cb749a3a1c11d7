import { applyDecorators } from '@nestjs/common';
import { ApiPaymentRequiredResponse, ApiTooManyRequestsResponse } from '@nestjs/swagger';

/** Why a job's try-ons (or a retry's) are refused before anything is queued: credits are reserved first. */
export const TRY_ON_PAYMENT_REQUIRED = 'INSUFFICIENT_CREDITS: "This try-on needs N credits; you have M left."; PLAN_REQUIRED: the free trial has ended. Nothing was queued.';

/**
 * The two refusals of every route that queues try-ons (a job, /generate, a run, their retries): 402
 * when the account's credits or plan do not cover them, 429 when too much of the account's work is
 * waiting (`tooMany` says what is counted there).
 */
export function ApiQueuesTryOns(tooMany: string, paymentRequired = TRY_ON_PAYMENT_REQUIRED): MethodDecorator {
  return applyDecorators(ApiPaymentRequiredResponse({ description: paymentRequired }), ApiTooManyRequestsResponse({ description: tooMany }));
}
