import type { CropBounds, ModelStatus } from '@vton/contracts';
import type { JsonObject } from '../../database/json-column.js';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A model photo (spec §3 models) and, once a mask is approved, its inpaint crop. */
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

  @Column({ type: 'text', nullable: true })
  maskedPath: string | null;

  @Column({ type: 'jsonb', nullable: true })
  maskData: JsonObject | null;

  @Column({ type: 'jsonb', nullable: true })
  inpaintMaskData: JsonObject | null;

  @Column({ type: 'jsonb', nullable: true })
  inpaintCropBounds: CropBounds | null;

  @Column({ type: 'text', nullable: true })
  inpaintCroppedImagePath: string | null;

  @Column({ type: 'text', nullable: true })
  inpaintProcessedMaskPath: string | null;

  @Column({ type: 'text', nullable: true })
  objectStorageKey: string | null;

  @Column({ type: 'text', nullable: true })
  thumbnailObjectStorageKey: string | null;

  @Column({ type: 'text', nullable: true })
  inpaintCroppedObjectStorageKey: string | null;

  @Column({ type: 'text', nullable: true })
  inpaintMaskObjectStorageKey: string | null;

  /** A suggested mask waiting for the seller's approval (the studio's, lime on transparency, ≤ 2048 px); gone once a mask is approved. */
  @Column({ type: 'text', nullable: true })
  suggestedMaskObjectStorageKey: string | null;

  @Column({ type: 'boolean', default: false })
  isObjectStorage: boolean;

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
