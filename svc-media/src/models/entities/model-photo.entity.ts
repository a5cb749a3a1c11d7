import type { ModelStatus } from '@vton/contracts';
import type { JsonObject } from '../../tables/json-column.js';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A model photo (spec §3 models); its approved masks, one per garment category, are ModelMask rows,
 * and its suggested masks waiting for approval, one per worn category, SuggestedMask rows.
 */
@Entity({ name: 'models' })
export class ModelPhoto {
  // Ids are reserved from the sequence before the objects are stored, so keys can carry them.
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @Column({ type: 'text' })
  filename: string;

  @Column({ type: 'text' })
  originalPath: string;

  @Column({ type: 'jsonb', nullable: true })
  maskData: JsonObject | null;

  @Column({ type: 'text', nullable: true })
  objectStorageKey: string | null;

  @Column({ type: 'text', nullable: true })
  thumbnailObjectStorageKey: string | null;

  @Column({ type: 'boolean', default: false })
  isObjectStorage: boolean;

  /** `ready` while it has at least one approved mask. */
  @Column({ type: 'text', default: 'uploading' })
  status: ModelStatus;

  /** Why the last mask failed (status back to `uploaded`). */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  uploadedAt: Date;
}
