import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first entry of svc-media's migration history. The kit creates the schema before any
 * migration runs; garments, model photos and generated images arrive with the media issue.
 */
export class CreateMediaSchema1767225600000 implements MigrationInterface {
  name = 'CreateMediaSchema1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "${ownSchema(queryRunner)}"`);
  }

  async down(): Promise<void> {
    // Dropping the schema would drop every stored upload record; never done by a migration rollback.
  }
}
