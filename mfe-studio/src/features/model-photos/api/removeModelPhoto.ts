import { apiRequest } from '@vton/shell-sdk';

/** DELETE /api/models/:id: the photo leaves the seller's workspace with its mask files. */
export async function removeModelPhoto(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/models/${id}`);
}
