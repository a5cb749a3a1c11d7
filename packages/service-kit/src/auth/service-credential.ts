import { createParamDecorator, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ErrorCode, SERVICE_CREDENTIAL } from '@vton/contracts';
import type { Request } from 'express';
import { jwtVerify } from 'jose';
import { ApiException } from '../errors/api-exception.js';

/** Who made an internal call: svc-generation, acting for one account (and, towards svc-media, one job). */
export interface ServiceCallerClaims {
  /** The account the call acts for: the only one it may touch. */
  ownerId: number;
  /** The try-on job, when the call is about one. */
  jobId?: string;
}

/**
 * Checks svc-generation's service credential on an internal route: an HS256 JWT under
 * GENERATION_SERVICE_SECRET with SERVICE_CREDENTIAL's issuer, the route's audience (svc-media's
 * objects or svc-auth's ledger: a credential for one is refused by the other) and a short life.
 * A seller's ES256 token fails here. 401 for anything else; 503 when the secret is not configured.
 */
export async function verifyServiceCredential(
  authorization: string | undefined,
  secret: Uint8Array | undefined,
  audience: string,
  { requireJob }: { requireJob: boolean },
): Promise<ServiceCallerClaims> {
  if (!secret) throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, 'The internal routes are not configured (GENERATION_SERVICE_SECRET)');
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'A service credential is required');
  let payload;
  try {
    ({ payload } = await jwtVerify(token, secret, {
      algorithms: [SERVICE_CREDENTIAL.algorithm],
      issuer: SERVICE_CREDENTIAL.issuer,
      audience,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch {
    throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Invalid service credential');
  }
  const ownerId = Number(payload.sub);
  const jobOk = typeof payload.job === 'string' || (!requireJob && payload.job === undefined);
  if (!Number.isSafeInteger(ownerId) || ownerId <= 0 || !jobOk) {
    throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Invalid service credential');
  }
  if (payload.exp! - payload.iat! > SERVICE_CREDENTIAL.maxLifetimeSeconds) {
    throw new ApiException(401, ErrorCode.UNAUTHORIZED, 'Invalid service credential (lifetime too long)');
  }
  return { ownerId, jobId: payload.job as string | undefined };
}

const SERVICE_CALLER = 'serviceCaller';

/**
 * The guard of a service's internal routes: admits only svc-generation's service credential for
 * the service's audience (verifyServiceCredential) and keeps the caller it names for
 * @CurrentServiceCaller(). A service extends it with its GENERATION_SERVICE_SECRET and audience.
 */
export abstract class ServiceCredentialGuard implements CanActivate {
  private readonly secret?: Uint8Array;

  protected constructor(
    secret: string | undefined,
    private readonly audience: string,
    private readonly options: { requireJob: boolean },
  ) {
    if (secret) this.secret = new TextEncoder().encode(secret);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { [SERVICE_CALLER]?: ServiceCallerClaims }>();
    req[SERVICE_CALLER] = await verifyServiceCredential(req.headers.authorization, this.secret, this.audience, this.options);
    return true;
  }
}

/** The caller a ServiceCredentialGuard admitted. */
export const CurrentServiceCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ServiceCallerClaims => context.switchToHttp().getRequest()[SERVICE_CALLER],
);
