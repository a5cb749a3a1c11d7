import { sqlMigration } from '@vton/service-kit';

/** A model photo keeps its suggested mask until it is approved, so a reload (or another browser) finds it (issue 32). */
export const SuggestedMasks1767744000000 = sqlMigration('SuggestedMasks1767744000000', {
  up: (s) => [`ALTER TABLE ${s}."models" ADD COLUMN "suggestedMaskObjectStorageKey" text`],
  down: (s) => [`ALTER TABLE ${s}."models" DROP COLUMN "suggestedMaskObjectStorageKey"`],
});
