/**
 * svc-auth's public entry for other services' tests (`svc-auth/testing`): they start the real
 * svc-auth and issue its tokens through this, never by reaching into its src/.
 */
import type { INestApplication } from '@nestjs/common';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { User } from './users/entities/user.entity.js';

export { authService } from './app.module.js';
export { SigningKeys } from './tokens/signing-keys.js';
export { TokenService } from './tokens/token.service.js';
export { BillingService } from './billing/billing.service.js';
export { CreditLedger } from './billing/credit-ledger.service.js';

/** A verified account (as after its verification link), for other services' tests that need a real one (credits, plans). */
export async function createVerifiedAccount(app: INestApplication, email: string): Promise<{ id: number; email: string }> {
  const users = app.get<Repository<User>>(getRepositoryToken(User));
  const { identifiers } = await users.insert({ email, password: 'not-a-hash', isEmailVerified: 'true' });
  return { id: identifiers[0].id as number, email };
}
