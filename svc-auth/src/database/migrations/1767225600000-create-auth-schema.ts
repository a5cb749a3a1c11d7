import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first entry of svc-auth's migration history. The kit creates the schema before any
 * migration runs; the users table arrives with the accounts issue.
 */
export class CreateAuthSchema1767225600000 implements MigrationInterface {
  name = 'CreateAuthSchema1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "${ownSchema(queryRunner)}"`);
  }

  async down(): Promise<void> {
    // Dropping the schema would drop every account; never done by a migration rollback.
  }
}
