import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { installJobQueue } from '../../queue/queue-schema.js';

/** The durable job queue (pg-boss) in svc-generation's schema: one unit of work per model of a job. */
export class InstallJobQueue1767225600003 implements MigrationInterface {
  name = 'InstallJobQueue1767225600003';
  // pg-boss's installation SQL opens and commits its own transaction.
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await installJobQueue(queryRunner, ownSchema(queryRunner));
  }

  async down(): Promise<void> {
    // Dropping the queue would drop queued work; never done by a migration rollback.
  }
}
