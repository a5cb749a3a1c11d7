import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first entry of svc-generation's migration history. The kit creates the schema before any
 * migration runs; try-on results arrive with the generation issue.
 */
export class CreateGenerationSchema1767225600000 implements MigrationInterface {
  name = 'CreateGenerationSchema1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "${ownSchema(queryRunner)}"`);
  }

  async down(): Promise<void> {
    // Dropping the schema would drop every try-on result; never done by a migration rollback.
  }
}
