import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One batch started through POST /api/try-on/jobs; its models are TryOnJobModelEntity rows. */
@Entity({ name: 'try_on_jobs' })
export class TryOnJobEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('integer', { name: 'user_id' })
  userId: number;

  @Column('integer', { name: 'garment_id' })
  garmentId: number;

  @Column('text')
  prompt: string;

  @Column('text')
  status: 'running' | 'completed' | 'failed';

  /** The process running the job's models, and when it last said it is alive (restart recovery). */
  @Column('text', { nullable: true })
  runner: string | null;

  @Column('timestamptz', { name: 'heartbeat_at', nullable: true })
  heartbeatAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
