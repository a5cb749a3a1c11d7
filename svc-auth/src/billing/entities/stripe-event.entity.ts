import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event already handled: its id is inserted in the transaction that acts on it, so a redelivery does nothing. */
@Entity({ name: 'stripe_events' })
export class StripeEventEntity {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) type: string;
  @Column({ type: 'timestamptz' }) receivedAt: Date;
}
