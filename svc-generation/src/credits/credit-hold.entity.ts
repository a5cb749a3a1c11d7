import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ModelRunColumns } from '../tables/model-run.entity.js';

/** A credit reserved (or about to be) in svc-auth's ledger for one model run, until its outcome is settled there. */
@Entity({ name: 'credit_holds' })
export class CreditHoldEntity extends ModelRunColumns {
  @PrimaryColumn('integer') run: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('text', { nullable: true }) outcome: 'capture' | 'release' | null;
  @Column('timestamptz', { name: 'settled_at', nullable: true }) settledAt: Date | null;

  /** Until when a settler has claimed the hold to settle it (CreditHolds.claim); null when unclaimed. */
  @Column('timestamptz', { name: 'claimed_until', nullable: true }) claimedUntil: Date | null;
}
