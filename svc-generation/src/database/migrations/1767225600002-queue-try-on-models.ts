import { sqlMigration } from '@vton/service-kit';

/**
 * Each model of a job becomes a unit of work on the queue. A model row now records which run of it
 * the seller asked for (`run`, +1 per retry), the queued work that carries it, its place in the
 * round-robin between accounts (`fair_tag`), what the worker needs to run it (`input`), and its
 * owner (per-account limits without a join). The job's status is derived from its models from now
 * on, so `status`, `runner` and `heartbeat_at` are no longer written; they stay (nullable) for the
 * version still running during a rollout and go in a later release.
 */
export const QueueTryOnModels1767225600002 = sqlMigration('QueueTryOnModels1767225600002', {
  up: (s) => [
    `ALTER TABLE ${s}."try_on_jobs" ALTER COLUMN "status" DROP NOT NULL`,
    `DROP INDEX IF EXISTS ${s}."try_on_jobs_running_heartbeat"`,
    `
      ALTER TABLE ${s}."try_on_job_models"
        ADD COLUMN "user_id" integer,
        ADD COLUMN "run" integer NOT NULL DEFAULT 1,
        ADD COLUMN "queue_job_id" uuid,
        ADD COLUMN "fair_tag" bigint,
        ADD COLUMN "input" jsonb,
        ADD COLUMN "started_at" timestamptz,
        ADD COLUMN "finished_at" timestamptz`,
    `UPDATE ${s}."try_on_job_models" m SET "user_id" = j."user_id" FROM ${s}."try_on_jobs" j WHERE j."id" = m."job_id"`,
    `ALTER TABLE ${s}."try_on_job_models" ALTER COLUMN "user_id" SET NOT NULL`,
    // The CHECK of the first migration carries the name Postgres gave it.
    async (queryRunner) => {
      const checks: { conname: string }[] = await queryRunner.query(
        `SELECT conname FROM pg_constraint WHERE conrelid = '${s}."try_on_job_models"'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%state%'`,
      );
      for (const { conname } of checks) await queryRunner.query(`ALTER TABLE ${s}."try_on_job_models" DROP CONSTRAINT "${conname}"`);
    },
    `ALTER TABLE ${s}."try_on_job_models" ADD CONSTRAINT "try_on_job_models_state" CHECK ("state" IN ('queued', 'requeued', 'running', 'succeeded', 'failed'))`,
    // Unfinished models are few and read often (fairness, per-account limit, reconciliation, metrics).
    `CREATE INDEX "try_on_job_models_unfinished" ON ${s}."try_on_job_models" ("state", "user_id") WHERE "state" IN ('queued', 'requeued', 'running')`,
    // Recent service times (Retry-After estimate).
    `CREATE INDEX "try_on_job_models_finished" ON ${s}."try_on_job_models" ("finished_at" DESC) WHERE "state" = 'succeeded'`,
  ],
  down: (s) => [
    `DROP INDEX ${s}."try_on_job_models_finished"`,
    `DROP INDEX ${s}."try_on_job_models_unfinished"`,
    `UPDATE ${s}."try_on_job_models" SET "state" = 'queued' WHERE "state" = 'requeued'`,
    `ALTER TABLE ${s}."try_on_job_models" DROP CONSTRAINT "try_on_job_models_state"`,
    `ALTER TABLE ${s}."try_on_job_models" ADD CHECK ("state" IN ('queued', 'running', 'succeeded', 'failed'))`,
    `
      ALTER TABLE ${s}."try_on_job_models"
        DROP COLUMN "user_id", DROP COLUMN "run", DROP COLUMN "queue_job_id", DROP COLUMN "fair_tag",
        DROP COLUMN "input", DROP COLUMN "started_at", DROP COLUMN "finished_at"`,
    `UPDATE ${s}."try_on_jobs" SET "status" = 'failed' WHERE "status" IS NULL`,
    `ALTER TABLE ${s}."try_on_jobs" ALTER COLUMN "status" SET NOT NULL`,
  ],
});
