import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The seller's studio workspace on the server (issue 21): any tab, and the browser after it was closed, find it again. */
export class Workspaces1767571200000 implements MigrationInterface {
  name = 'Workspaces1767571200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`
      CREATE TABLE ${s}."workspaces" (
        "userId" integer PRIMARY KEY,
        "garmentId" integer REFERENCES ${s}."garments" ("id") ON DELETE SET NULL,
        "modelIds" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "prompt" text NOT NULL DEFAULT '',
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = `"${ownSchema(queryRunner)}"`;
    await queryRunner.query(`DROP TABLE ${s}."workspaces"`);
  }
}
