import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans and credits (README "Plans and credits"): one row per account with its plan and balances,
 * the append-only ledger (each entry with the balance after it), and the Stripe events already handled.
 */
export class CreateBilling1790000000000 implements MigrationInterface {
  name = 'CreateBilling1790000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = ownSchema(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."billing_accounts" (
        "userId" integer PRIMARY KEY REFERENCES "${schema}"."users" ("id") ON DELETE CASCADE,
        "plan" text NOT NULL CHECK ("plan" IN ('trial', 'starter', 'professional', 'enterprise')),
        "status" text NOT NULL CHECK ("status" IN ('trialing', 'active', 'past_due', 'canceled')),
        "interval" text CHECK ("interval" IN ('month', 'year')),
        "trialEndsAt" timestamptz,
        "renewsAt" timestamptz,
        "nextGrantAt" timestamptz,
        -- The last line of defence against an overdraw: no transaction can commit a negative balance.
        "available" integer NOT NULL DEFAULT 0 CHECK ("available" >= 0),
        "reserved" integer NOT NULL DEFAULT 0 CHECK ("reserved" >= 0),
        "stripeCustomerId" text UNIQUE,
        "stripeSubscriptionId" text,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "billing_accounts_next_grant" ON "${schema}"."billing_accounts" ("nextGrantAt") WHERE "nextGrantAt" IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."credit_ledger" (
        "id" bigserial PRIMARY KEY,
        "userId" integer NOT NULL REFERENCES "${schema}"."users" ("id") ON DELETE CASCADE,
        "kind" text NOT NULL CHECK ("kind" IN ('grant', 'reserve', 'capture', 'release', 'adjustment')),
        "credits" integer NOT NULL,
        "change" integer NOT NULL,
        "balance" integer NOT NULL,
        "reserved" integer NOT NULL,
        "key" text,
        "note" text,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "credit_ledger_user" ON "${schema}"."credit_ledger" ("userId", "id" DESC)`);
    // A job model run is reserved once and settled (captured or released) once, whoever asks how often.
    await queryRunner.query(`CREATE UNIQUE INDEX "credit_ledger_reservation" ON "${schema}"."credit_ledger" ("key") WHERE "kind" = 'reserve'`);
    await queryRunner.query(`CREATE UNIQUE INDEX "credit_ledger_settlement" ON "${schema}"."credit_ledger" ("key") WHERE "kind" IN ('capture', 'release')`);
    // A grant or adjustment with a key (a paid invoice, a month of a plan, the trial) happens once.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "credit_ledger_grant" ON "${schema}"."credit_ledger" ("key") WHERE "kind" IN ('grant', 'adjustment') AND "key" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "${schema}"."stripe_events" (
        "id" text PRIMARY KEY,
        "type" text NOT NULL,
        "receivedAt" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = ownSchema(queryRunner);
    await queryRunner.query(`DROP TABLE "${schema}"."stripe_events"`);
    await queryRunner.query(`DROP TABLE "${schema}"."credit_ledger"`);
    await queryRunner.query(`DROP TABLE "${schema}"."billing_accounts"`);
  }
}
