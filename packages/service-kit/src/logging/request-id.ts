import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { withRequestId } from '../telemetry/trace-context.js';

export const REQUEST_ID_HEADER = 'x-request-id';
// An incoming id ends up in logs and headers, so only short, plain ids are honoured.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

type WithId = Request & { id?: string };

export function requestIdFrom(incoming: unknown): string {
  return typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Registered before the body parsers, so every response — a malformed JSON body's 400
 * included — carries the id, and pino-http logs under the same id. The rest of the request runs
 * with it as the current request id (currentRequestId), which queued work carries on.
 */
export function assignRequestId(req: Request, res: Response, next: NextFunction): void {
  const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  (req as WithId).id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  withRequestId(id, () => next());
}

export function requestIdOf(req: Request): string | undefined {
  const id = (req as WithId).id;
  return typeof id === 'string' ? id : undefined;
}
