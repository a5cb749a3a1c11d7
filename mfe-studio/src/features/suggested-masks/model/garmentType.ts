/** Which part of the body the garment covers; it decides the region a suggested mask covers. */
export type GarmentType = 'upper-body' | 'lower-body' | 'full-length';

export const GARMENT_TYPES: ReadonlyArray<{ value: GarmentType; label: string }> = [
  { value: 'upper-body', label: 'Upper body' },
  { value: 'lower-body', label: 'Lower body' },
  { value: 'full-length', label: 'Full length' },
];

export const DEFAULT_GARMENT_TYPE: GarmentType = 'upper-body';
