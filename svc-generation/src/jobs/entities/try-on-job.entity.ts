import type { GarmentCategory } from '@vton/contracts';
import { Column, Entity } from 'typeorm';
import { AccountRecordColumns } from '../../tables/account-record.entity.js';

/**
 * One batch started through POST /api/try-on/jobs (or /generate), or one product of a catalogue
 * run; its models are TryOnJobModelEntity rows, and its status is derived from them.
 */
@Entity({ name: 'try_on_jobs' })
export class TryOnJobEntity extends AccountRecordColumns {
  @Column('integer', { name: 'garment_id' }) garmentId: number;
  @Column('text') prompt: string;

  /** The studio's garment category, for providers that take one. */
  @Column('text', { name: 'garment_category', default: 'upper_body' }) garmentCategory: GarmentCategory;

  /** The catalogue run this job is one product of; null for a job started on its own. */
  @Column('uuid', { name: 'run_id', nullable: true }) runId: string | null;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
