import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook endpoints (up to 5 per account) and the deliveries of events to them. */
export class CreateWebhooks1780000000000 implements MigrationInterface {
  name = 'CreateWebhooks1780000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const schema = ownSchema(queryRunner);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."webhook_endpoints" (
        "id" uuid PRIMARY KEY,
        "user_id" integer NOT NULL,
        "url" text NOT NULL,
        "events" text[] NOT NULL,
        "secret" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "disabled_at" timestamptz,
        CONSTRAINT "webhook_endpoints_events_check" CHECK (cardinality("events") > 0)
      )`);
    await queryRunner.query(`CREATE INDEX "webhook_endpoints_user" ON "${schema}"."webhook_endpoints" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "${schema}"."webhook_deliveries" (
        "id" uuid PRIMARY KEY,
        "event_id" text NOT NULL,
        "endpoint_id" uuid NOT NULL REFERENCES "${schema}"."webhook_endpoints" ("id") ON DELETE CASCADE,
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
      )`);
    await queryRunner.query(`CREATE INDEX "webhook_deliveries_endpoint" ON "${schema}"."webhook_deliveries" ("endpoint_id", "created_at" DESC)`);
    // Each attempt is a job on this queue of the durable job queue (installed by an earlier migration).
    await queryRunner.query(`SELECT "${schema}".create_queue($1, $2::jsonb)`, ['webhook-delivery', JSON.stringify({ policy: 'standard' })]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = ownSchema(queryRunner);
    await queryRunner.query(`SELECT "${schema}".delete_queue($1)`, ['webhook-delivery']);
    await queryRunner.query(`DROP TABLE "${schema}"."webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "${schema}"."webhook_endpoints"`);
  }
}
