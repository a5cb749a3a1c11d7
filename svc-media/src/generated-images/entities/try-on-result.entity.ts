import type { JsonObject } from '../../tables/json-column.js';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { OwnedByUser } from '../../tables/owned-by-user.entity.js';

/** One try-on svc-generation produced (spec §3 try_on_results); its image is a generated image. */
@Entity({ name: 'try_on_results' })
export class TryOnResult extends OwnedByUser {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) garmentId: number;
  @Column({ type: 'integer' }) modelId: number;
  @Column({ type: 'text' }) resultPath: string;
  @Column({ type: 'integer', nullable: true }) generatedImageId: number | null;
  @Column({ type: 'jsonb', nullable: true }) metadata: JsonObject | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}
