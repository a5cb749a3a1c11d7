import type { ModelPhotoRecord } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** GET /api/models → the seller's stored model photos (status, signed URLs, inpaint data), oldest first. */
export async function listModelPhotos(): Promise<ModelPhotoRecord[]> {
  const response = await apiRequest('GET', '/api/models');
  return (await response.json()) as ModelPhotoRecord[];
}
