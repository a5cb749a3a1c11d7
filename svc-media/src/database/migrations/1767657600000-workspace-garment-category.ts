import { sqlMigration } from '@vton/service-kit';

/** The workspace keeps the garment category the seller chose, so a reload doesn't reset it to upper body. */
export const WorkspaceGarmentCategory1767657600000 = sqlMigration('WorkspaceGarmentCategory1767657600000', {
  up: (s) => [`ALTER TABLE ${s}."workspaces" ADD COLUMN "garmentCategory" text NOT NULL DEFAULT 'upper_body'`],
  down: (s) => [`ALTER TABLE ${s}."workspaces" DROP COLUMN "garmentCategory"`],
});
