import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';

/** The job event stream (EventSource) and a run's archive (a plain download link): neither can send a header. */
const TOKEN_IN_QUERY_PATHS = /^\/api\/try-on\/(jobs\/[^/]+\/events|runs\/[^/]+\/archive)$/;

/**
 * EventSource cannot send an Authorization header, nor can a download link, so the job event
 * stream and a run's archive also take the token as `?access_token=`. It is moved into the header — where the global JWT guard checks it exactly
 * like any Bearer token — and removed from the URL so it never reaches a log line.
 */
export function accessTokenFromQuery(req: Request, _res: Response, next: NextFunction): void {
  const url = new URL(req.url, 'http://local');
  const token = url.searchParams.get('access_token');
  if (token !== null && TOKEN_IN_QUERY_PATHS.test(url.pathname)) {
    url.searchParams.delete('access_token');
    req.url = url.pathname + url.search;
    if (req.originalUrl !== undefined) req.originalUrl = req.url;
    if (!req.headers.authorization && token) req.headers.authorization = `Bearer ${token}`;
  }
  next();
}

/**
 * Installs accessTokenFromQuery on the HTTP server itself while the app is being built: module
 * middleware would run after the request logger, which has already recorded the URL by then.
 */
@Injectable()
export class AccessTokenQueryInstaller {
  constructor(host: HttpAdapterHost) {
    host.httpAdapter.use(accessTokenFromQuery);
  }
}
