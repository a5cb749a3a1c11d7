import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The security headers of every service answer, in one place (helmet). The answers are JSON
 * and images, plus the OpenAPI UI, whose scripts and styles are files of the same origin.
 * No page of ours is ever framed, and no answer carries a Referer anywhere else.
 * HSTS only where TLS ends in front of the service (HSTS_MAX_AGE_SECONDS > 0, Kubernetes).
 */
export function securityHeaders(hstsMaxAgeSeconds: number): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The OpenAPI UI's page styles itself inline; a style cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: hstsMaxAgeSeconds > 0 ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true } : false,
    // Images are fetched same-origin by our own pages; nothing of ours is meant for other sites.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

/**
 * API answers are personal (a token, a user, signed image URLs): never kept by a browser or a
 * shared cache unless a route says otherwise (the JWKS, a signed image set their own).
 */
export function noStoreByDefault(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
