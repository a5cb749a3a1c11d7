import { sqlMigration } from '@vton/service-kit';

/**
 * Plans and credits (README "Plans and credits"): one row per account with its plan and balances,
 * the append-only ledger (each entry with the balance after it), and the Stripe events already handled.
 */
export const CreateBilling1790000000000 = sqlMigration('CreateBilling1790000000000', {
  up: (s) => [
    `
      CREATE TABLE ${s}."billing_accounts" (
        "userId" integer PRIMARY KEY REFERENCES ${s}."users" ("id") ON DELETE CASCADE,
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
      )`,
    `CREATE INDEX "billing_accounts_next_grant" ON ${s}."billing_accounts" ("nextGrantAt") WHERE "nextGrantAt" IS NOT NULL`,
    `
      CREATE TABLE ${s}."credit_ledger" (
        "id" bigserial PRIMARY KEY,
        "userId" integer NOT NULL REFERENCES ${s}."users" ("id") ON DELETE CASCADE,
        "kind" text NOT NULL CHECK ("kind" IN ('grant', 'reserve', 'capture', 'release', 'adjustment')),
        "credits" integer NOT NULL,
        "change" integer NOT NULL,
        "balance" integer NOT NULL,
        "reserved" integer NOT NULL,
        "key" text,
        "note" text,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX "credit_ledger_user" ON ${s}."credit_ledger" ("userId", "id" DESC)`,
    // A job model run is reserved once and settled (captured or released) once, whoever asks how often.
    `CREATE UNIQUE INDEX "credit_ledger_reservation" ON ${s}."credit_ledger" ("key") WHERE "kind" = 'reserve'`,
    `CREATE UNIQUE INDEX "credit_ledger_settlement" ON ${s}."credit_ledger" ("key") WHERE "kind" IN ('capture', 'release')`,
    // A grant or adjustment with a key (a paid invoice, a month of a plan, the trial) happens once.
    `CREATE UNIQUE INDEX "credit_ledger_grant" ON ${s}."credit_ledger" ("key") WHERE "kind" IN ('grant', 'adjustment') AND "key" IS NOT NULL`,
    `
      CREATE TABLE ${s}."stripe_events" (
        "id" text PRIMARY KEY,
        "type" text NOT NULL,
        "receivedAt" timestamptz NOT NULL DEFAULT now()
      )`,
  ],
  down: (s) => [`DROP TABLE ${s}."stripe_events"`, `DROP TABLE ${s}."credit_ledger"`, `DROP TABLE ${s}."billing_accounts"`],
});
