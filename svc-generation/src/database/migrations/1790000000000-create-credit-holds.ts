import { sqlMigration } from '@vton/service-kit';

/**
 * The credits reserved in svc-auth's ledger for each model run (written just before the
 * reservation), until the run's outcome is captured or released there: a run that ended, however
 * it ended (a worker, pg-boss's expiry trigger, the reconciler, an abandoned /generate, a retry's
 * newer run), or that was never queued (the API stopped in between), is found unsettled here and
 * settled once.
 */
export const CreateCreditHolds1790000000000 = sqlMigration('CreateCreditHolds1790000000000', {
  up: (s) => [
    `
      CREATE TABLE ${s}."credit_holds" (
        "job_id" uuid NOT NULL,
        "model_id" integer NOT NULL,
        "run" integer NOT NULL,
        "user_id" integer NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "outcome" text CHECK ("outcome" IN ('capture', 'release')),
        "settled_at" timestamptz,
        PRIMARY KEY ("job_id", "model_id", "run")
      )`,
    `CREATE INDEX "credit_holds_unsettled" ON ${s}."credit_holds" ("job_id", "model_id") WHERE "settled_at" IS NULL`,
  ],
  down: (s) => [
    `DROP TABLE ${s}."credit_holds"`,
  ],
});
