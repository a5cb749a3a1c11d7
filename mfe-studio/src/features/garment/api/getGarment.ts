import type { GarmentRecord } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** GET /api/garments/:id → the stored garment with fresh signed URLs and its crop. */
export async function getGarment(id: number): Promise<GarmentRecord> {
  const response = await apiRequest('GET', `/api/garments/${id}`);
  return (await response.json()) as GarmentRecord;
}
