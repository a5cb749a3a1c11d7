import type { CropBounds, GarmentCategory, JobModelState, TryOnResult } from '@vton/contracts';
import { Column, Entity } from 'typeorm';
import { ModelRunColumns } from '../../tables/model-run.entity.js';

/** What a worker needs to run a model, fixed when it was queued (§5's checks passed then). */
export interface ModelInput {
  width: number;
  height: number;
  bounds: CropBounds;
  /** Whose mask the bounds are: the worker reads that category's mask (absent on models queued before masks per category: the mask approved last). */
  maskCategory?: GarmentCategory;
}

/** One model photo of a job: its state and, once finished, its result or its error. */
@Entity({ name: 'try_on_job_models' })
export class TryOnJobModelEntity extends ModelRunColumns {
  /** Written by Postgres (an identity): a catalogue run's cell id. */
  @Column({ type: 'integer', insert: false, update: false }) id: number;

  /** Order of the model in the request, kept for the answer. */
  @Column('integer') position: number;
  @Column('text') state: JobModelState;
  @Column('jsonb', { nullable: true }) result: TryOnResult | null;
  @Column('jsonb', { nullable: true }) error: { code: string; message: string } | null;

  /** Every start of the model (redeliveries included). */
  @Column('integer') attempts: number;

  /** Which run the seller asked for: 1, +1 per retry. With job and model it is the idempotency key of the result. */
  @Column('integer') run: number;

  /** The queued work (pg-boss job) carrying the current run. */
  @Column('uuid', { name: 'queue_job_id', nullable: true }) queueJobId: string | null;

  /** Place in the round-robin between accounts; lower goes first. */
  @Column('bigint', { name: 'fair_tag', nullable: true }) fairTag: string | null;
  @Column('jsonb', { nullable: true }) input: ModelInput | null;
  @Column('timestamptz', { name: 'started_at', nullable: true }) startedAt: Date | null;
  @Column('timestamptz', { name: 'finished_at', nullable: true }) finishedAt: Date | null;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
