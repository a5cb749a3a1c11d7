import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, throwError, type Observable } from 'rxjs';
import { ThrottledException } from './throttle.service.js';

/** Adds Retry-After to a throttled answer; the kit's exception filter writes the body. */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof ThrottledException) {
          context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(error.retryAfterSeconds));
        }
        return throwError(() => error);
      }),
    );
  }
}
