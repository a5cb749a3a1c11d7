import { sqlMigration } from '@vton/service-kit';

/**
 * The first entry of svc-auth's migration history. The kit creates the schema before any
 * migration runs; the users table arrives with the accounts issue.
 */
export const CreateAuthSchema1767225600000 = sqlMigration('CreateAuthSchema1767225600000', {
  up: (s) => [`CREATE SCHEMA IF NOT EXISTS ${s}`],
  // Dropping the schema would drop every account; never done by a migration rollback.
  down: () => [],
});
