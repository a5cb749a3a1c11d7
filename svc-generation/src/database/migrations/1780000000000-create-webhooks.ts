import { sqlMigration } from '@vton/service-kit';

/** Webhook endpoints (up to 5 per account) and the deliveries of events to them. */
export const CreateWebhooks1780000000000 = sqlMigration('CreateWebhooks1780000000000', {
  up: (s) => [
    `
      CREATE TABLE ${s}."webhook_endpoints" (
        "id" uuid PRIMARY KEY,
        "user_id" integer NOT NULL,
        "url" text NOT NULL,
        "events" text[] NOT NULL,
        "secret" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "disabled_at" timestamptz,
        CONSTRAINT "webhook_endpoints_events_check" CHECK (cardinality("events") > 0)
      )`,
    `CREATE INDEX "webhook_endpoints_user" ON ${s}."webhook_endpoints" ("user_id")`,
    `
      CREATE TABLE ${s}."webhook_deliveries" (
        "id" uuid PRIMARY KEY,
        "event_id" text NOT NULL,
        "endpoint_id" uuid NOT NULL REFERENCES ${s}."webhook_endpoints" ("id") ON DELETE CASCADE,
        "user_id" integer NOT NULL,
        "event_type" text NOT NULL,
        "payload" text NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "last_response_code" integer,
        "last_error" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_attempt_at" timestamptz,
        "next_attempt_at" timestamptz,
        CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" IN ('pending', 'succeeded', 'failed')),
        -- One delivery per event and endpoint, however often the event is announced.
        CONSTRAINT "webhook_deliveries_event_endpoint" UNIQUE ("event_id", "endpoint_id")
      )`,
    `CREATE INDEX "webhook_deliveries_endpoint" ON ${s}."webhook_deliveries" ("endpoint_id", "created_at" DESC)`,
    // Each attempt is a job on this queue of the durable job queue (installed by an earlier migration).
    { sql: `SELECT ${s}.create_queue($1, $2::jsonb)`, parameters: ['webhook-delivery', JSON.stringify({ policy: 'standard' })] },
  ],
  down: (s) => [
    { sql: `SELECT ${s}.delete_queue($1)`, parameters: ['webhook-delivery'] },
    `DROP TABLE ${s}."webhook_deliveries"`,
    `DROP TABLE ${s}."webhook_endpoints"`,
  ],
});
