import type { ModelPhotoRecord } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { uploadWithProgress } from '../../../lib/upload';

/** PUT /api/models/:id/suggested-mask: svc-media keeps the suggestion until it is approved or withdrawn. */
export function keepSuggestedMask(modelId: number, mask: Blob): Promise<ModelPhotoRecord> {
  const body = new FormData();
  body.append('mask', mask, 'suggested-mask.png');
  return uploadWithProgress<ModelPhotoRecord>({ method: 'PUT', url: `/api/models/${modelId}/suggested-mask`, body });
}

/** DELETE /api/models/:id/suggested-mask: the suggestion was undone. */
export async function withdrawSuggestedMask(modelId: number): Promise<void> {
  await apiRequest('DELETE', `/api/models/${modelId}/suggested-mask`);
}
