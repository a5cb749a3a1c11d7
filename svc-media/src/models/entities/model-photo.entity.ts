import type { ModelStatus } from '@vton/contracts';
import { Column, Entity } from 'typeorm';
import { UploadedImageColumns } from '../../tables/stored-image.entity.js';

/**
 * A model photo (spec §3 models); its approved masks, one per garment category, are ModelMask rows,
 * and its suggested masks waiting for approval, one per worn category, SuggestedMask rows.
 */
@Entity({ name: 'models' })
export class ModelPhoto extends UploadedImageColumns {
  @Column({ type: 'text', nullable: true }) thumbnailObjectStorageKey: string | null;

  /** `ready` while it has at least one approved mask. */
  @Column({ type: 'text', default: 'uploading' }) status: ModelStatus;

  /** Why the last mask failed (status back to `uploaded`). */
  @Column({ type: 'text', nullable: true }) error: string | null;
}
