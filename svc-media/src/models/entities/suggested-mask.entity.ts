import type { WornCategory } from '@vton/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A suggested mask of a model photo for one worn category, waiting for the seller's approval (the
 * studio's, lime on transparency, ≤ 2048 px a side): kept so a reload or another browser finds it
 * (issue 32), one per category as approved masks are (issue 31); it goes once that category's mask
 * is approved, is withdrawn, or the photo is deleted.
 */
@Entity({ name: 'model_suggested_masks' })
export class SuggestedMask {
  @PrimaryColumn({ type: 'integer' })
  modelId: number;

  @PrimaryColumn({ type: 'text' })
  category: WornCategory;

  @Column({ type: 'integer' })
  userId: number;

  @Column({ type: 'text' })
  objectStorageKey: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  suggestedAt: Date;
}
