import type { CropData, GarmentRecord } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** POST /api/garments/:id/crop → the garment with its 960×960 crop (spec §7). */
export async function cropGarment(garmentId: number, crop: CropData): Promise<GarmentRecord> {
  const response = await apiRequest('POST', `/api/garments/${garmentId}/crop`, crop);
  return (await response.json()) as GarmentRecord;
}
