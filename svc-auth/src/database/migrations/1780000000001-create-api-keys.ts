import { sqlMigration } from '@vton/service-kit';

/** Personal API keys: only each key's SHA-256 is stored, looked up by it on every request. */
export const CreateApiKeys1780000000001 = sqlMigration('CreateApiKeys1780000000001', {
  up: (s) => [
    `
      CREATE TABLE ${s}."api_keys" (
        "id" uuid PRIMARY KEY,
        "userId" integer NOT NULL REFERENCES ${s}."users" ("id") ON DELETE CASCADE,
        "name" text NOT NULL,
        "prefix" text NOT NULL,
        "secretHash" text NOT NULL,
        "scopes" text[] NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "lastUsedAt" timestamptz,
        "revokedAt" timestamptz,
        CONSTRAINT "api_keys_scopes_check" CHECK (cardinality("scopes") > 0 AND "scopes" <@ ARRAY['try-on', 'gallery:read', 'gallery:write']::text[])
      )`,
    `CREATE UNIQUE INDEX "api_keys_secret_hash" ON ${s}."api_keys" ("secretHash")`,
    `CREATE INDEX "api_keys_user" ON ${s}."api_keys" ("userId") WHERE "revokedAt" IS NULL`,
    // The other services ask for credentials ended since a time (with the sessions).
    `CREATE INDEX "api_keys_revoked" ON ${s}."api_keys" ("revokedAt") WHERE "revokedAt" IS NOT NULL`,
  ],
  down: (s) => [`DROP TABLE ${s}."api_keys"`],
});
