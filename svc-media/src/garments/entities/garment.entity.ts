import type { CropData } from '@vton/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A seller's garment photo (spec §3 garments) and its 960×960 crop. */
@Entity({ name: 'garments' })
export class Garment {
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
  croppedPath: string | null;

  @Column({ type: 'jsonb', nullable: true })
  cropData: CropData | null;

  @Column({ type: 'text', nullable: true })
  objectStorageKey: string | null;

  @Column({ type: 'text', nullable: true })
  croppedObjectStorageKey: string | null;

  @Column({ type: 'boolean', default: false })
  isObjectStorage: boolean;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  uploadedAt: Date;
}
