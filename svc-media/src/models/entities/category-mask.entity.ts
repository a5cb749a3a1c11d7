import { PrimaryColumn } from 'typeorm';
import { OwnedByUser } from '../../tables/owned-by-user.entity.js';

/**
 * The columns of every mask a model photo keeps per category (approved masks, suggested masks): the
 * photo and the category are its key, and the photo's owner is kept with it. Each entity adds its own.
 */
export abstract class CategoryMaskColumns<Category extends string> extends OwnedByUser {
  @PrimaryColumn({ type: 'integer' }) modelId: number;
  @PrimaryColumn({ type: 'text' }) category: Category;
}
