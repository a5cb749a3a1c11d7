import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns of every record an account makes under a uuid (jobs, catalogue runs, kept result
 * files, webhook endpoints and deliveries): its id, the account that owns it and when it was made.
 * Each entity adds its own.
 */
export abstract class AccountRecordColumns {
  @PrimaryColumn('uuid') id: string;
  @Column('integer', { name: 'user_id' }) userId: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
