import type { ServiceDatabase } from '@vton/service-kit';
import { CreateAuthSchema1767225600000 } from './migrations/1767225600000-create-auth-schema.js';
import { CreateUsers1767398400000 } from './migrations/1767398400000-create-users.js';
import { CreateSessions1780000000000 } from './migrations/1780000000000-create-sessions.js';
import { CreateApiKeys1780000000001 } from './migrations/1780000000001-create-api-keys.js';
import { CreateBilling1790000000000 } from './migrations/1790000000000-create-billing.js';
import { LedgerPlanEntries1791000000000 } from './migrations/1791000000000-ledger-plan-entries.js';

/** svc-auth's tables (schema `auth` by default): its migration classes, listed by hand (each module registers its own entities). */
export const authDatabase: ServiceDatabase = {
  migrations: [CreateAuthSchema1767225600000, CreateUsers1767398400000, CreateSessions1780000000000, CreateApiKeys1780000000001, CreateBilling1790000000000, LedgerPlanEntries1791000000000],
};
