import { ArgumentsHost, Catch, HttpException, Logger, Optional, type ExceptionFilter } from '@nestjs/common';
import { ErrorCode, SERVICE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS, type ApiErrorBody } from '@vton/contracts';
import type { Request, Response } from 'express';
import { ApiException } from './api-exception.js';
import { isDependencyUnavailable } from './dependency-errors.js';
import { requestIdOf } from '../logging/request-id.js';
import { ServiceMetrics } from '../metrics/service-metrics.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.INVALID_INPUT,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.TOO_MANY_REQUESTS,
  503: ErrorCode.SERVICE_UNAVAILABLE,
};

export function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.INVALID_INPUT);
}

/** Turns any thrown value into the product's error shape (ApiErrorBody). */
export function toApiErrorBody(error: unknown, requestId?: string): ApiErrorBody & { details?: Record<string, unknown> } {
  if (error instanceof ApiException) {
    return {
      statusCode: error.getStatus(),
      code: error.code,
      message: error.message,
      ...(error.extra.issues ? { issues: error.extra.issues } : {}),
      ...(error.extra.details ? { details: error.extra.details } : {}),
      requestId,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return { statusCode: status, code: codeForStatus(status), message: httpExceptionMessage(error), requestId };
  }
  // Errors raised before Nest's router (body-parser: malformed JSON, body too large) carry
  // their status and are marked safe to show with `expose`.
  const status = exposedStatus(error);
  if (status) {
    return { statusCode: status, code: codeForStatus(status), message: (error as Error).message, requestId };
  }
  // Postgres, the object storage or another service is down: the request was fine and will
  // work again once it is back, so the caller is told to retry, never "internal error".
  if (isDependencyUnavailable(error)) {
    return { statusCode: 503, code: ErrorCode.SERVICE_UNAVAILABLE, message: SERVICE_UNAVAILABLE_MESSAGE, requestId };
  }
  return { statusCode: 500, code: ErrorCode.INTERNAL_ERROR, message: 'Internal server error', requestId };
}

function httpExceptionMessage(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return String(message[0] ?? error.message);
  return typeof message === 'string' ? message : error.message;
}

function exposedStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode, expose } = error as { status?: unknown; statusCode?: unknown; expose?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return expose === true && typeof value === 'number' && value >= 400 && value < 500 ? value : undefined;
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  /** Optional so the filter also works in a test module without the kit. */
  constructor(@Optional() private readonly metrics?: ServiceMetrics) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const body = toApiErrorBody(error, requestIdOf(request));
    this.metrics?.countError(request, body.code);
    if (body.statusCode >= 500 && !(error instanceof HttpException)) {
      // The caller sees a generic message; the cause goes to the log under the same request id.
      const unavailable = body.statusCode === 503;
      this.logger[unavailable ? 'warn' : 'error'](
        { err: error, requestId: body.requestId },
        `${unavailable ? 'Dependency unavailable' : 'Unhandled error'} on ${request.method} ${request.path}`,
      );
    }
    if (response.headersSent) return;
    // Every 503 (a dependency down, keys or readiness) says when to try again.
    if (body.statusCode === 503 && !response.getHeader('retry-after')) {
      response.setHeader('Retry-After', String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    response.status(body.statusCode).json(body);
  }
}
