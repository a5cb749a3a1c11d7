import type { ModelPhotoRecord, WornCategory } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { uploadWithProgress } from '../../../lib/upload';

/** PUT /api/models/:id/suggested-mask: svc-media keeps the suggestion for its category until that category's mask is approved or it is withdrawn. */
export function keepSuggestedMask(modelId: number, mask: Blob, category: WornCategory): Promise<ModelPhotoRecord> {
  const body = new FormData();
  body.append('category', category);
  body.append('mask', mask, 'suggested-mask.png');
  return uploadWithProgress<ModelPhotoRecord>({ method: 'PUT', url: `/api/models/${modelId}/suggested-mask`, body });
}

/** DELETE /api/models/:id/suggested-mask?category=: the suggestion of that category was undone. */
export async function withdrawSuggestedMask(modelId: number, category: WornCategory): Promise<void> {
  await apiRequest('DELETE', `/api/models/${modelId}/suggested-mask?category=${category}`);
}
