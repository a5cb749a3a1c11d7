import { Column, Entity } from 'typeorm';
import { AccountRecordColumns } from '../../tables/account-record.entity.js';

/**
 * A catalogue run: many products on many model photos in one go. Its products are jobs
 * (TryOnJobEntity.runId), its cells their model rows; its state is derived from them.
 */
@Entity({ name: 'try_on_runs' })
export class TryOnRunEntity extends AccountRecordColumns {
  @Column('text') prompt: string;

  /** The grid's rows, in the order asked for. */
  @Column('integer', { name: 'garment_ids', array: true }) garmentIds: number[];

  /** The grid's columns, in the order asked for. */
  @Column('integer', { name: 'model_ids', array: true }) modelIds: number[];
}
