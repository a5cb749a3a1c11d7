import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The users table of spec §3 and the throttling counters every replica shares. */
export class CreateUsers1767398400000 implements MigrationInterface {
  name = 'CreateUsers1767398400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = ownSchema(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."users" (
        "id" SERIAL PRIMARY KEY,
        "email" text NOT NULL,
        "password" text NOT NULL,
        "isEmailVerified" text NOT NULL DEFAULT 'false',
        "emailVerificationToken" text,
        "emailVerificationExpiry" timestamptz,
        "passwordResetToken" text,
        "passwordResetExpiry" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "users_isEmailVerified_check" CHECK ("isEmailVerified" IN ('true', 'false'))
      )`);
    // Addresses are stored trimmed and lower-case; the index on lower() also guards old rows.
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_unique" ON "${schema}"."users" (lower("email"))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_email_verification_token" ON "${schema}"."users" ("emailVerificationToken") WHERE "emailVerificationToken" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_password_reset_token" ON "${schema}"."users" ("passwordResetToken") WHERE "passwordResetToken" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "${schema}"."throttle_counters" (
        "key" text PRIMARY KEY,
        "hits" integer NOT NULL,
        "windowStart" timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = ownSchema(queryRunner);
    await queryRunner.query(`DROP TABLE "${schema}"."throttle_counters"`);
    await queryRunner.query(`DROP TABLE "${schema}"."users"`);
  }
}
