import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A provider paused fleet-wide after a 429 with Retry-After (JobQueue.pauseProvider, read by JobQueue.claim). */
@Entity({ name: 'provider_pauses' })
export class ProviderPauseEntity {
  @PrimaryColumn('text') provider: string;
  @Column('timestamptz', { name: 'paused_until' }) pausedUntil: Date;
  @Column('text') reason: string;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
