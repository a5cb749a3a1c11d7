import { sqlMigration } from '@vton/service-kit';

/** Sign-in sessions: what a token belongs to, so it can be ended before it expires. */
export const CreateSessions1780000000000 = sqlMigration('CreateSessions1780000000000', {
  up: (s) => [
    `
      CREATE TABLE ${s}."sessions" (
        "id" uuid PRIMARY KEY,
        "userId" integer NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "expiresAt" timestamptz NOT NULL,
        "revokedAt" timestamptz
      )`,
    `CREATE INDEX "sessions_user" ON ${s}."sessions" ("userId") WHERE "revokedAt" IS NULL`,
    // The other services ask for sessions ended since a time: only ended ones are indexed.
    `CREATE INDEX "sessions_revoked" ON ${s}."sessions" ("revokedAt") WHERE "revokedAt" IS NOT NULL`,
  ],
  down: (s) => [`DROP TABLE ${s}."sessions"`],
});
