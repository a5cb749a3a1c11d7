import type { ServiceDatabase } from '@vton/service-kit';
import { CreateGenerationSchema1767225600000 } from './migrations/1767225600000-create-generation-schema.js';
import { CreateTryOnJobs1767225600001 } from './migrations/1767225600001-create-try-on-jobs.js';
import { QueueTryOnModels1767225600002 } from './migrations/1767225600002-queue-try-on-models.js';
import { InstallJobQueue1767225600003 } from './migrations/1767225600003-install-job-queue.js';
import { CreateWebhooks1780000000000 } from './migrations/1780000000000-create-webhooks.js';
import { CreateWebhookEvents1780000000001 } from './migrations/1780000000001-create-webhook-events.js';
import { AddGarmentCategory1780000000002 } from './migrations/1780000000002-add-garment-category.js';
import { CreateProviderPauses1780000000003 } from './migrations/1780000000003-create-provider-pauses.js';
import { CreateCreditHolds1790000000000 } from './migrations/1790000000000-create-credit-holds.js';
import { CreateTryOnRuns1800000000000 } from './migrations/1800000000000-create-try-on-runs.js';
import { AddCreditHoldClaims1801000000000 } from './migrations/1801000000000-add-credit-hold-claims.js';

/** svc-generation's tables (schema `generation` by default): its migration classes, listed by hand (each module registers its own entities). */
export const generationDatabase: ServiceDatabase = {
  migrations: [CreateGenerationSchema1767225600000, CreateTryOnJobs1767225600001, QueueTryOnModels1767225600002, InstallJobQueue1767225600003, CreateWebhooks1780000000000, CreateWebhookEvents1780000000001, AddGarmentCategory1780000000002, CreateProviderPauses1780000000003, CreateCreditHolds1790000000000, CreateTryOnRuns1800000000000, AddCreditHoldClaims1801000000000],
};
