import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The outbox: a model of a job succeeded or failed. Written by a trigger on try_on_job_models, published by WebhookEventPublisher. */
@Entity({ name: 'webhook_events' })
export class WebhookEventEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id: string;
  @Column('uuid', { name: 'job_id' }) jobId: string;
  @Column('integer', { name: 'model_id' }) modelId: number;
  @Column('text') state: 'succeeded' | 'failed';
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'published_at', nullable: true }) publishedAt: Date | null;
}
