import { Column, PrimaryColumn } from 'typeorm';
import { OwnedByUser } from './owned-by-user.entity.js';

/**
 * The columns of every row that stands for an image in the bucket (spec §3 garments, models,
 * generated_images), on top of its owner's: its reserved id, its object key and its size. Each
 * entity adds its own.
 */
export abstract class StoredImageColumns extends OwnedByUser {
  // Ids are reserved from the sequence before the objects are stored, so keys can carry them.
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ type: 'text', nullable: true }) objectStorageKey: string | null;
  @Column({ type: 'boolean', default: false }) isObjectStorage: boolean;
  @Column({ type: 'integer' }) width: number;
  @Column({ type: 'integer' }) height: number;
}

/**
 * The columns of a photo the seller uploaded (spec §3 garments and models), on top of a stored
 * image's: the uploaded file's name, the upload's object key and when it came.
 */
export abstract class UploadedImageColumns extends StoredImageColumns {
  @Column({ type: 'text' }) filename: string;
  @Column({ type: 'text' }) originalPath: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) uploadedAt: Date;
}
