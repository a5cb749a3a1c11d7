import { sqlMigration } from '@vton/service-kit';

/**
 * The first entry of svc-generation's migration history. The kit creates the schema before any
 * migration runs; try-on results arrive with the generation issue.
 */
export const CreateGenerationSchema1767225600000 = sqlMigration('CreateGenerationSchema1767225600000', {
  up: (s) => [`CREATE SCHEMA IF NOT EXISTS ${s}`],
  // Dropping the schema would drop every try-on result; never done by a migration rollback.
  down: () => [],
});
