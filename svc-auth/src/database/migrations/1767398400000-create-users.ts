import { sqlMigration } from '@vton/service-kit';

/** The users table of spec §3 and the throttling counters every replica shares. */
export const CreateUsers1767398400000 = sqlMigration('CreateUsers1767398400000', {
  up: (s) => [
    `
      CREATE TABLE ${s}."users" (
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
      )`,
    // Addresses are stored trimmed and lower-case; the index on lower() also guards old rows.
    `CREATE UNIQUE INDEX "users_email_unique" ON ${s}."users" (lower("email"))`,
    `CREATE UNIQUE INDEX "users_email_verification_token" ON ${s}."users" ("emailVerificationToken") WHERE "emailVerificationToken" IS NOT NULL`,
    `CREATE UNIQUE INDEX "users_password_reset_token" ON ${s}."users" ("passwordResetToken") WHERE "passwordResetToken" IS NOT NULL`,
    `
      CREATE TABLE ${s}."throttle_counters" (
        "key" text PRIMARY KEY,
        "hits" integer NOT NULL,
        "windowStart" timestamptz NOT NULL
      )`,
  ],
  down: (s) => [`DROP TABLE ${s}."throttle_counters"`, `DROP TABLE ${s}."users"`],
});
