import type { CropData, GarmentCategory } from '@vton/contracts';
import { Column, Entity } from 'typeorm';
import { UploadedImageColumns } from '../../tables/stored-image.entity.js';

/** A seller's garment or product photo (spec §3 garments), its 960×960 crop, its name and category (the product library). */
@Entity({ name: 'garments' })
export class Garment extends UploadedImageColumns {
  /** The product's name in the library (and in a run's archive); starts as the file's name without its extension. */
  @Column({ type: 'text' }) name: string;

  /** Which mask of a model photo it goes with, and which engine makes it (try-on or placement). */
  @Column({ type: 'text', default: 'upper_body' }) category: GarmentCategory;
  @Column({ type: 'text', nullable: true }) croppedPath: string | null;
  @Column({ type: 'jsonb', nullable: true }) cropData: CropData | null;
  @Column({ type: 'text', nullable: true }) croppedObjectStorageKey: string | null;
}
