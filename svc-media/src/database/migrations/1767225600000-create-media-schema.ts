import { sqlMigration } from '@vton/service-kit';

/**
 * The first entry of svc-media's migration history. The kit creates the schema before any
 * migration runs; garments, model photos and generated images arrive with the media issue.
 */
export const CreateMediaSchema1767225600000 = sqlMigration('CreateMediaSchema1767225600000', {
  up: (s) => [`CREATE SCHEMA IF NOT EXISTS ${s}`],
  // Dropping the schema would drop every stored upload record; never done by a migration rollback.
  down: () => [],
});
