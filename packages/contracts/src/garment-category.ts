/**
 * The garment category: what kind of product is shown (the studio's Upper body / Lower body / Full
 * length / Product control). The first three are worn and go to the try-on provider; `product` is any
 * object that is not worn as a garment (a handbag, a watch, a bottle, a lamp) and goes to the
 * placement engine (svc-generation's PLACEMENT_PROVIDER).
 */
export const GARMENT_CATEGORIES = ['upper_body', 'lower_body', 'full_body', 'product'] as const;
export type GarmentCategory = (typeof GARMENT_CATEGORIES)[number];
export const DEFAULT_GARMENT_CATEGORY: GarmentCategory = 'upper_body';
/** The category of anything that is not worn: placed into the photo rather than tried on. */
export const PRODUCT_CATEGORY = 'product' satisfies GarmentCategory;
/** The categories of garments that are worn (what a try-on provider takes). */
export type WornCategory = Exclude<GarmentCategory, typeof PRODUCT_CATEGORY>;
export const WORN_CATEGORIES = GARMENT_CATEGORIES.filter((c): c is WornCategory => c !== PRODUCT_CATEGORY);
export const GARMENT_CATEGORY_LABELS: Record<GarmentCategory, string> = {
  upper_body: 'Upper body',
  lower_body: 'Lower body',
  full_body: 'Full length',
  product: 'Product',
};
