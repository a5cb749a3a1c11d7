import type { CropBounds, GarmentCategory } from '@vton/contracts';
import type { JsonObject } from '../../tables/json-column.js';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One approved mask of a model photo for one garment category (a model serves tops and trousers):
 * spec §3's mask fields of a model photo, under their spec names, one row per category.
 */
@Entity({ name: 'model_masks' })
export class ModelMask {
  @PrimaryColumn({ type: 'integer' })
  modelId: number;

  @PrimaryColumn({ type: 'text' })
  category: GarmentCategory;

  @Column({ type: 'integer' })
  userId: number;

  @Column({ type: 'text', nullable: true })
  maskedPath: string | null;

  @Column({ type: 'jsonb', nullable: true })
  inpaintMaskData: JsonObject | null;

  @Column({ type: 'jsonb' })
  inpaintCropBounds: CropBounds;

  @Column({ type: 'text', nullable: true })
  inpaintCroppedImagePath: string | null;

  @Column({ type: 'text', nullable: true })
  inpaintProcessedMaskPath: string | null;

  @Column({ type: 'text' })
  inpaintCroppedObjectStorageKey: string;

  @Column({ type: 'text' })
  inpaintMaskObjectStorageKey: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  approvedAt: Date;
}
