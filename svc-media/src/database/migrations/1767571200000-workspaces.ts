import { sqlMigration } from '@vton/service-kit';

/** The seller's studio workspace on the server (issue 21): any tab, and the browser after it was closed, find it again. */
export const Workspaces1767571200000 = sqlMigration('Workspaces1767571200000', {
  up: (s) => [
    `
      CREATE TABLE ${s}."workspaces" (
        "userId" integer PRIMARY KEY,
        "garmentId" integer REFERENCES ${s}."garments" ("id") ON DELETE SET NULL,
        "modelIds" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "prompt" text NOT NULL DEFAULT '',
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`,
  ],
  down: (s) => [`DROP TABLE ${s}."workspaces"`],
});
