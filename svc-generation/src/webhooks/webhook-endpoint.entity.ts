import type { WebhookEventType } from '@vton/contracts';
import { Column, Entity } from 'typeorm';
import { AccountRecordColumns } from '../tables/account-record.entity.js';

/**
 * Where an account wants its try-on events sent. `secret` is the Standard Webhooks signing
 * secret (`whsec_…`), shown to the seller once; it is kept because every delivery is signed with it.
 */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpointEntity extends AccountRecordColumns {
  @Column('text') url: string;
  @Column('text', { array: true }) events: WebhookEventType[];
  @Column('text') secret: string;

  /** Set when the receiver answered 410 Gone. */
  @Column('timestamptz', { name: 'disabled_at', nullable: true }) disabledAt: Date | null;
}
