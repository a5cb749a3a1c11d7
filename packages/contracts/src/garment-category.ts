/** The garment category: what kind of garment is tried on (the studio's Upper body / Lower body / Full length control). */
export const GARMENT_CATEGORIES = ['upper_body', 'lower_body', 'full_body'] as const;
export type GarmentCategory = (typeof GARMENT_CATEGORIES)[number];
export const DEFAULT_GARMENT_CATEGORY: GarmentCategory = 'upper_body';
export const GARMENT_CATEGORY_LABELS: Record<GarmentCategory, string> = {
  upper_body: 'Upper body',
  lower_body: 'Lower body',
  full_body: 'Full length',
};
