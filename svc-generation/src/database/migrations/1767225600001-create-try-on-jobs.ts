import { sqlMigration } from '@vton/service-kit';

/** Try-on jobs with per-model progress (live progress that survives a reload), and results kept when the gallery save failed. */
export const CreateTryOnJobs1767225600001 = sqlMigration('CreateTryOnJobs1767225600001', {
  up: (s) => [
    `
      CREATE TABLE ${s}."try_on_jobs" (
        "id" uuid PRIMARY KEY,
        "user_id" integer NOT NULL,
        "garment_id" integer NOT NULL,
        "prompt" text NOT NULL,
        "status" text NOT NULL CHECK ("status" IN ('running', 'completed', 'failed')),
        "runner" text,
        "heartbeat_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX "try_on_jobs_user_created" ON ${s}."try_on_jobs" ("user_id", "created_at" DESC)`,
    // Restart recovery looks for running jobs whose heartbeat stopped.
    `CREATE INDEX "try_on_jobs_running_heartbeat" ON ${s}."try_on_jobs" ("heartbeat_at") WHERE "status" = 'running'`,
    `
      CREATE TABLE ${s}."try_on_job_models" (
        "job_id" uuid NOT NULL REFERENCES ${s}."try_on_jobs" ("id") ON DELETE CASCADE,
        "model_id" integer NOT NULL,
        "position" integer NOT NULL,
        "state" text NOT NULL CHECK ("state" IN ('queued', 'running', 'succeeded', 'failed')),
        "result" jsonb,
        "error" jsonb,
        "attempts" integer NOT NULL DEFAULT 0,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("job_id", "model_id")
      )`,
    `
      CREATE TABLE ${s}."try_on_result_files" (
        "id" uuid PRIMARY KEY,
        "user_id" integer NOT NULL,
        "access_key" text NOT NULL,
        "png" bytea NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL
      )`,
    `CREATE INDEX "try_on_result_files_expires" ON ${s}."try_on_result_files" ("expires_at")`,
  ],
  down: (s) => [
    `DROP TABLE ${s}."try_on_result_files"`,
    `DROP TABLE ${s}."try_on_job_models"`,
    `DROP TABLE ${s}."try_on_jobs"`,
  ],
});
