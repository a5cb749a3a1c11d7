import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns of every row that is about one model run (the model run itself, its credit hold): its
 * job and model photo, which key it, and the job's owner, kept on the row so per-account reads need
 * no join. Each entity adds its own.
 */
export abstract class ModelRunColumns {
  @PrimaryColumn('uuid', { name: 'job_id' }) jobId: string;
  @PrimaryColumn('integer', { name: 'model_id' }) modelId: number;
  @Column('integer', { name: 'user_id' }) userId: number;
}
