import { createRequire } from 'node:module';
import { getConstructionPlans, getMigrationPlans } from 'pg-boss';
import type { QueryRunner } from 'typeorm';

/** The queue of try-on work: one job per model of a try-on job (pg-boss calls its units of work jobs too). */
export const MODEL_QUEUE = 'try-on-model';

/** The pg-boss schema version this build of svc-generation runs with (from the installed package). */
export const QUEUE_SCHEMA_VERSION: number = createRequire(import.meta.url)('pg-boss/package.json').pgboss.schema;

/**
 * Installs pg-boss's tables in svc-generation's own schema, or brings them up to the installed
 * pg-boss's version. The processes start pg-boss with `migrate: false`, so this is the only place its
 * tables change: a migration like every other, run at start or by the Kubernetes migrations Job.
 * Safe to run again (it reads the installed version first); an upgrade of pg-boss adds a migration
 * that calls this again. pg-boss's SQL brings its own transaction and advisory lock.
 */
export async function installJobQueue(queryRunner: QueryRunner, schema: string): Promise<void> {
  const [{ installed }] = await queryRunner.query(`SELECT to_regclass($1) IS NOT NULL AS installed`, [`"${schema}".version`]);
  if (!installed) {
    await queryRunner.query(getConstructionPlans(schema, { createSchema: false }));
  } else {
    const [row] = await queryRunner.query(`SELECT version FROM "${schema}".version`);
    const version = Number(row?.version);
    if (version > QUEUE_SCHEMA_VERSION) {
      throw new Error(`The job queue in schema ${schema} is at pg-boss schema version ${version}, newer than this build's ${QUEUE_SCHEMA_VERSION}`);
    }
    if (version < QUEUE_SCHEMA_VERSION) await queryRunner.query(getMigrationPlans(schema, version));
  }
  // Retry, expiry and lease settings travel with each job (they come from the configuration).
  await queryRunner.query(`SELECT "${schema}".create_queue($1, $2::jsonb)`, [MODEL_QUEUE, JSON.stringify({ policy: 'standard' })]);
}
