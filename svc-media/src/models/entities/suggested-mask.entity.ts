import type { WornCategory } from '@vton/contracts';
import { Column, Entity } from 'typeorm';
import { CategoryMaskColumns } from './category-mask.entity.js';

/**
 * A suggested mask of a model photo for one worn category, waiting for the seller's approval (the
 * studio's, lime on transparency, ≤ 2048 px a side): kept so a reload or another browser finds it
 * (issue 32), one per category as approved masks are (issue 31); it goes once that category's mask
 * is approved, is withdrawn, or the photo is deleted.
 */
@Entity({ name: 'model_suggested_masks' })
export class SuggestedMask extends CategoryMaskColumns<WornCategory> {
  @Column({ type: 'text' }) objectStorageKey: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) suggestedAt: Date;
}
