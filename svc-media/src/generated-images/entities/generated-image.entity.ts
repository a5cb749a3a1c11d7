import type { GenerationType } from '@vton/contracts';
import type { JsonObject } from '../../tables/json-column.js';
import { Column, Entity } from 'typeorm';
import { StoredImageColumns } from '../../tables/stored-image.entity.js';

/** A result kept in the seller's gallery (spec §3 generated_images). */
@Entity({ name: 'generated_images' })
export class GeneratedImage extends StoredImageColumns {
  /** Where the image lives (`s3://<bucket>/<key>`); browsers get a signed URL instead. */
  @Column({ type: 'text' }) imageUrl: string;
  @Column({ type: 'text', nullable: true }) imagePath: string | null;
  @Column({ type: 'integer', nullable: true }) garmentId: number | null;
  @Column({ type: 'integer', nullable: true }) modelId: number | null;
  @Column({ type: 'text', nullable: true }) prompt: string | null;
  @Column({ type: 'jsonb', nullable: true }) metadata: JsonObject | null;
  @Column({ type: 'text', default: 'vton' }) generationType: GenerationType;
  @Column({ type: 'text', nullable: true }) thumbnailObjectStorageKey: string | null;
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;

  /** Its number in the seller's gallery ("Result #n"), 1 for the first, never reused or renumbered. */
  @Column({ type: 'integer' }) number: number;

  /** The model photo's file name when it was made (the result's caption; the photo may be deleted later). */
  @Column({ type: 'text', nullable: true }) modelFilename: string | null;

  /**
   * The product's name in the library when the result was saved, and its last name once the
   * product is deleted (its results stay; the delete writes it); while the product exists, a result
   * is answered with its name as it is now.
   */
  @Column({ type: 'text', nullable: true }) productName: string | null;

  /**
   * What the release before ResultProductNames1768089600000 named the product by (its photo's file
   * name). Written with the product's name until the next release drops it, so that release, still
   * serving while the migration runs, reads and writes results as before; rows it saves meanwhile
   * have no productName (toRecord falls back to this).
   */
  @Column({ type: 'text', nullable: true }) garmentFilename: string | null;

  /** Set by svc-generation's workers (job, model, run): the same key never yields a second image. */
  @Column({ type: 'text', nullable: true }) idempotencyKey?: string | null;
}
