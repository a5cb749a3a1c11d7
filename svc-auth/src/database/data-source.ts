import { createDataSource, loadConfig, type ServiceDatabase } from '@vton/service-kit';
import { AuthConfig } from '../config/auth.config.js';
import { ThrottleCounter } from '../throttling/throttle-counter.entity.js';
import { User } from '../users/entities/user.entity.js';
import { CreateAuthSchema1767225600000 } from './migrations/1767225600000-create-auth-schema.js';
import { CreateUsers1767398400000 } from './migrations/1767398400000-create-users.js';
import { CreateSessions1780000000000 } from './migrations/1780000000000-create-sessions.js';
import { CreateApiKeys1780000000001 } from './migrations/1780000000001-create-api-keys.js';
import { ApiKey } from '../api-keys/api-key.entity.js';
import { Session } from '../sessions/session.entity.js';
import { BillingAccountEntity } from '../billing/entities/billing-account.entity.js';
import { LedgerEntryEntity } from '../billing/entities/ledger-entry.entity.js';
import { StripeEventEntity } from '../billing/entities/stripe-event.entity.js';
import { CreateBilling1790000000000 } from './migrations/1790000000000-create-billing.js';

/** svc-auth's tables (schema `auth` by default): entity and migration classes, listed by hand. */
export const authDatabase: ServiceDatabase = {
  entities: [User, ThrottleCounter, Session, ApiKey, BillingAccountEntity, LedgerEntryEntity, StripeEventEntity],
  migrations: [CreateAuthSchema1767225600000, CreateUsers1767398400000, CreateSessions1780000000000, CreateApiKeys1780000000001, CreateBilling1790000000000],
};

/** A standalone data source, for scripts and the TypeORM CLI. */
export function authDataSource(env: NodeJS.ProcessEnv = process.env) {
  return createDataSource(loadConfig(AuthConfig, env), authDatabase);
}
