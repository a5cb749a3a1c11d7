import type { WebhookDeliveryStatus } from '@vton/contracts';
import { Column, Entity } from 'typeorm';
import { AccountRecordColumns } from '../tables/account-record.entity.js';

/** One event to one endpoint: its exact signed body, and how its attempts went. */
@Entity({ name: 'webhook_deliveries' })
export class WebhookDeliveryEntity extends AccountRecordColumns {
  /** The `webhook-id`: the same for every endpoint the event goes to and on every retry. */
  @Column('text', { name: 'event_id' }) eventId: string;
  @Column('uuid', { name: 'endpoint_id' }) endpointId: string;
  @Column('text', { name: 'event_type' }) eventType: string;

  /** The JSON body exactly as signed and sent. */
  @Column('text') payload: string;
  @Column('text') status: WebhookDeliveryStatus;
  @Column('integer') attempts: number;
  @Column('integer', { name: 'last_response_code', nullable: true }) lastResponseCode: number | null;
  @Column('text', { name: 'last_error', nullable: true }) lastError: string | null;
  @Column('timestamptz', { name: 'last_attempt_at', nullable: true }) lastAttemptAt: Date | null;
  @Column('timestamptz', { name: 'next_attempt_at', nullable: true }) nextAttemptAt: Date | null;
}
