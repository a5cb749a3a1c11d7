import { HttpException } from '@nestjs/common';
import type { ApiErrorBody, ErrorCode } from '@vton/contracts';

export type ApiIssue = NonNullable<ApiErrorBody['issues']>[number];

/**
 * An error a service means to show its caller: status, stable code and message as they
 * appear in the product's error shape. `details` is added to the body as is (e.g. the
 * readiness checks of a 503).
 */
export class ApiException extends HttpException {
  constructor(
    status: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly extra: { issues?: ApiIssue[]; details?: Record<string, unknown> } = {},
  ) {
    super(message, status);
    this.name = 'ApiException';
  }
}
