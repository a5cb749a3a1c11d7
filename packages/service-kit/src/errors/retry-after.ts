import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import type { Response } from 'express';
import { catchError, throwError, type Observable } from 'rxjs';
import { ApiException } from './api-exception.js';

/** A 429 that carries how long to wait; RetryAfterInterceptor turns it into the Retry-After header. */
export class TooManyRequestsException extends ApiException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    extra: ApiException['extra'] = {},
  ) {
    super(429, ErrorCode.TOO_MANY_REQUESTS, message, extra);
  }
}

/** Adds Retry-After to a TooManyRequestsException's answer; the kit's exception filter writes the body. */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof TooManyRequestsException) {
          context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(error.retryAfterSeconds));
        }
        return throwError(() => error);
      }),
    );
  }
}
