import type { JobModelState, TryOnResult } from '@vton/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One model photo of a job: its state and, once finished, its result or its error. */
@Entity({ name: 'try_on_job_models' })
export class TryOnJobModelEntity {
  @PrimaryColumn('uuid', { name: 'job_id' })
  jobId: string;

  @PrimaryColumn('integer', { name: 'model_id' })
  modelId: number;

  /** Order of the model in the request, kept for the answer. */
  @Column('integer')
  position: number;

  @Column('text')
  state: JobModelState;

  @Column('jsonb', { nullable: true })
  result: TryOnResult | null;

  @Column('jsonb', { nullable: true })
  error: { code: string; message: string } | null;

  @Column('integer')
  attempts: number;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
