import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A credit reserved (or about to be) in svc-auth's ledger for one model run, until its outcome is settled there. */
@Entity({ name: 'credit_holds' })
export class CreditHoldEntity {
  @PrimaryColumn('uuid', { name: 'job_id' })
  jobId: string;

  @PrimaryColumn('integer', { name: 'model_id' })
  modelId: number;

  @PrimaryColumn('integer')
  run: number;

  @Column('integer', { name: 'user_id' })
  userId: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('text', { nullable: true })
  outcome: 'capture' | 'release' | null;

  @Column('timestamptz', { name: 'settled_at', nullable: true })
  settledAt: Date | null;
}
