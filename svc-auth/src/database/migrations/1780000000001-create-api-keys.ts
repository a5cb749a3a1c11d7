import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Personal API keys: only each key's SHA-256 is stored, looked up by it on every request. */
export class CreateApiKeys1780000000001 implements MigrationInterface {
  name = 'CreateApiKeys1780000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = ownSchema(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."api_keys" (
        "id" uuid PRIMARY KEY,
        "userId" integer NOT NULL REFERENCES "${schema}"."users" ("id") ON DELETE CASCADE,
        "name" text NOT NULL,
        "prefix" text NOT NULL,
        "secretHash" text NOT NULL,
        "scopes" text[] NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "lastUsedAt" timestamptz,
        "revokedAt" timestamptz,
        CONSTRAINT "api_keys_scopes_check" CHECK (cardinality("scopes") > 0 AND "scopes" <@ ARRAY['try-on', 'gallery:read', 'gallery:write']::text[])
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "api_keys_secret_hash" ON "${schema}"."api_keys" ("secretHash")`);
    await queryRunner.query(`CREATE INDEX "api_keys_user" ON "${schema}"."api_keys" ("userId") WHERE "revokedAt" IS NULL`);
    // The other services ask for credentials ended since a time (with the sessions).
    await queryRunner.query(`CREATE INDEX "api_keys_revoked" ON "${schema}"."api_keys" ("revokedAt") WHERE "revokedAt" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "${ownSchema(queryRunner)}"."api_keys"`);
  }
}
