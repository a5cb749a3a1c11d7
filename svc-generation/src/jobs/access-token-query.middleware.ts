import type { NextFunction, Request, Response } from 'express';

/**
 * EventSource cannot send an Authorization header, so the job event stream also takes the token
 * as `?access_token=`. It is moved into the header — where the global JWT guard checks it exactly
 * like any Bearer token — and removed from the URL so it never reaches a log line.
 */
export function accessTokenFromQuery(req: Request, _res: Response, next: NextFunction): void {
  const url = new URL(req.originalUrl ?? req.url, 'http://local');
  const token = url.searchParams.get('access_token');
  if (token !== null) {
    url.searchParams.delete('access_token');
    const cleaned = url.pathname + url.search;
    req.url = req.url.startsWith(url.pathname) ? cleaned : req.url.replace(/([?&])access_token=[^&]*&?/, '$1').replace(/[?&]$/, '');
    req.originalUrl = cleaned;
    if (!req.headers.authorization && token) req.headers.authorization = `Bearer ${token}`;
  }
  next();
}
