import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sign-in sessions: what a token belongs to, so it can be ended before it expires. */
export class CreateSessions1780000000000 implements MigrationInterface {
  name = 'CreateSessions1780000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = ownSchema(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."sessions" (
        "id" uuid PRIMARY KEY,
        "userId" integer NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "expiresAt" timestamptz NOT NULL,
        "revokedAt" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "sessions_user" ON "${schema}"."sessions" ("userId") WHERE "revokedAt" IS NULL`);
    // The other services ask for sessions ended since a time: only ended ones are indexed.
    await queryRunner.query(`CREATE INDEX "sessions_revoked" ON "${schema}"."sessions" ("revokedAt") WHERE "revokedAt" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${ownSchema(queryRunner)}"."sessions"`);
  }
}
