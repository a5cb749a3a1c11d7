import { ownSchema, sqlMigration } from '@vton/service-kit';
import { installJobQueue } from '../../queue/queue-schema.js';

/** The durable job queue (pg-boss) in svc-generation's schema: one unit of work per model of a job. */
export const InstallJobQueue1767225600003 = sqlMigration('InstallJobQueue1767225600003', {
  // pg-boss's installation SQL opens and commits its own transaction.
  transaction: false,
  up: () => [(queryRunner) => installJobQueue(queryRunner, ownSchema(queryRunner))],
  // Dropping the queue would drop queued work; never done by a migration rollback.
  down: () => [],
});
