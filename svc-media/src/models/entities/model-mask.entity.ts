import type { CropBounds, GarmentCategory } from '@vton/contracts';
import type { JsonObject } from '../../tables/json-column.js';
import { Column, Entity } from 'typeorm';
import { CategoryMaskColumns } from './category-mask.entity.js';

/**
 * One approved mask of a model photo for one garment category (a model serves tops and trousers):
 * spec §3's mask fields of a model photo, under their spec names, one row per category. The mask
 * (`inpaintMask…`: white on black, cut to the mask bounds) and its mask region (`inpaintCropped…`: the
 * photo cut to the same bounds) are objects; their keys are the authoritative columns.
 */
@Entity({ name: 'model_masks' })
export class ModelMask extends CategoryMaskColumns<GarmentCategory> {
  @Column({ type: 'jsonb', nullable: true }) inpaintMaskData: JsonObject | null;
  @Column({ type: 'jsonb' }) inpaintCropBounds: CropBounds;
  @Column({ type: 'text' }) inpaintCroppedObjectStorageKey: string;
  @Column({ type: 'text' }) inpaintMaskObjectStorageKey: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) approvedAt: Date;
}
