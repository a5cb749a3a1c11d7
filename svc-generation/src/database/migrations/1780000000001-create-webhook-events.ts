import { sqlMigration } from '@vton/service-kit';

/**
 * The outbox of try-on events: a trigger adds a row in the same transaction as every change of a
 * job's model to `succeeded` or `failed`, whichever code (or pg-boss itself) made it, so no event
 * is lost or invented; the workers turn rows into webhook deliveries and mark them published.
 */
export const CreateWebhookEvents1780000000001 = sqlMigration('CreateWebhookEvents1780000000001', {
  up: (s) => [
    `
      CREATE TABLE ${s}."webhook_events" (
        "id" bigserial PRIMARY KEY,
        "job_id" uuid NOT NULL,
        "model_id" integer NOT NULL,
        "state" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "published_at" timestamptz
      )`,
    `CREATE INDEX "webhook_events_unpublished" ON ${s}."webhook_events" ("id") WHERE "published_at" IS NULL`,
    `
      CREATE FUNCTION ${s}.try_on_model_finished() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${s}.webhook_events (job_id, model_id, state) VALUES (NEW.job_id, NEW.model_id, NEW.state);
        RETURN NULL;
      END
      $$`,
    `
      CREATE TRIGGER try_on_model_finished AFTER UPDATE OF state ON ${s}.try_on_job_models
        FOR EACH ROW WHEN (NEW.state IN ('succeeded', 'failed') AND OLD.state IS DISTINCT FROM NEW.state)
        EXECUTE FUNCTION ${s}.try_on_model_finished()`,
  ],
  down: (s) => [
    `DROP TRIGGER try_on_model_finished ON ${s}.try_on_job_models`,
    `DROP FUNCTION ${s}.try_on_model_finished()`,
    `DROP TABLE ${s}."webhook_events"`,
  ],
});
