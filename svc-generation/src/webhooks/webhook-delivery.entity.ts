import type { WebhookDeliveryStatus } from '@vton/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One event to one endpoint: its exact signed body, and how its attempts went. */
@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** The `webhook-id`: the same for every endpoint the event goes to and on every retry. */
  @Column('text', { name: 'event_id' })
  eventId: string;

  @Column('uuid', { name: 'endpoint_id' })
  endpointId: string;

  @Column('integer', { name: 'user_id' })
  userId: number;

  @Column('text', { name: 'event_type' })
  eventType: string;

  /** The JSON body exactly as signed and sent. */
  @Column('text')
  payload: string;

  @Column('text')
  status: WebhookDeliveryStatus;

  @Column('integer')
  attempts: number;

  @Column('integer', { name: 'last_response_code', nullable: true })
  lastResponseCode: number | null;

  @Column('text', { name: 'last_error', nullable: true })
  lastError: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_attempt_at', nullable: true })
  lastAttemptAt: Date | null;

  @Column('timestamptz', { name: 'next_attempt_at', nullable: true })
  nextAttemptAt: Date | null;
}
