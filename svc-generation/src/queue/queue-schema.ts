import { PRODUCT_CATEGORY, type GarmentCategory } from '@vton/contracts';
import { createRequire } from 'node:module';
import { getConstructionPlans, getMigrationPlans } from 'pg-boss';
import type { QueryRunner } from 'typeorm';
import { channelsFor } from './channels.js';

/** The queue of try-on work: one job per model of a try-on job (pg-boss calls its units of work jobs too). */
export const MODEL_QUEUE = 'try-on-model';

/**
 * The lanes of the model queue (pg-boss groups): garments go to the try-on provider (VTON_PROVIDER),
 * products to the placement engine (PLACEMENT_PROVIDER). Each lane has its own fleet-wide limit and
 * its provider's rate limit pause; one lane's flood or pause never holds up the other.
 */
export const WORK_GROUPS = ['vton', 'placement'] as const;
export type WorkGroup = (typeof WORK_GROUPS)[number];

/** The lane a job's models are queued in, from its category. */
export function workGroupOf(category: GarmentCategory): WorkGroup {
  return category === PRODUCT_CATEGORY ? 'placement' : 'vton';
}

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
  try {
    await installOrUpgrade(queryRunner, schema);
  } catch (error) {
    // pg-boss's SQL opens its own transaction: one that failed inside it would leave the pooled
    // connection refusing every later statement ("current transaction is aborted").
    await queryRunner.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function installOrUpgrade(queryRunner: QueryRunner, schema: string): Promise<void> {
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
  await installWorkGivenBack(queryRunner, schema);
}

/**
 * When pg-boss itself takes a model's work back (its worker stopped renewing the lease, or the run
 * outlived its expiry), the model shows it in the same transaction: `requeued` while attempts
 * remain, `failed` with §8's code and message once VTON_MAX_ATTEMPTS are spent. pg-boss fails work
 * by re-inserting its row in state retry or failed (and may update it in place), hence both events.
 * A worker that gives work back itself has already marked the model, so its rows match nothing here.
 */
async function installWorkGivenBack(queryRunner: QueryRunner, schema: string): Promise<void> {
  const s = `"${schema}"`;
  await queryRunner.query(`
    CREATE OR REPLACE FUNCTION ${s}.try_on_work_given_back() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed_job uuid;
    BEGIN
      IF NEW.state = 'retry' THEN
        UPDATE ${s}.try_on_job_models SET state = 'requeued', updated_at = now()
         WHERE queue_job_id = NEW.id AND state = 'running'
         RETURNING job_id INTO changed_job;
      ELSE
        UPDATE ${s}.try_on_job_models
           SET state = 'failed', finished_at = now(), updated_at = now(),
               error = jsonb_build_object(
                 'code', 'VTON_PROCESSING_ERROR',
                 'message', format('Failed to process VTON request: the try-on did not finish in %s attempt(s) (its worker stopped or hung each time); retry this model', NEW.retry_limit + 1))
         WHERE queue_job_id = NEW.id AND state IN ('queued', 'requeued', 'running')
         RETURNING job_id INTO changed_job;
      END IF;
      IF changed_job IS NOT NULL THEN
        PERFORM pg_notify('${channelsFor(schema).jobChanged}', changed_job::text);
      END IF;
      RETURN NULL;
    END
    $$`);
  await queryRunner.query(`DROP TRIGGER IF EXISTS try_on_work_given_back ON ${s}.job`);
  await queryRunner.query(`
    CREATE TRIGGER try_on_work_given_back AFTER INSERT OR UPDATE OF state ON ${s}.job
      FOR EACH ROW WHEN (NEW.name = '${MODEL_QUEUE}' AND NEW.state IN ('retry', 'failed'))
      EXECUTE FUNCTION ${s}.try_on_work_given_back()`);
}
