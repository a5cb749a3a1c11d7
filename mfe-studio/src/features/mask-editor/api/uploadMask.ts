import type { GarmentCategory, ModelPhotoRecord } from '@vton/contracts';
import { uploadWithProgress } from '../../../lib/upload';

/** POST /api/models/:id/mask (multipart `mask`: PNG at the photo's size; `category`: whose mask it is) → ready, or `uploaded` with `error`. */
export function uploadMask(modelId: number, mask: Blob, category: GarmentCategory): Promise<ModelPhotoRecord> {
  const body = new FormData();
  body.append('category', category);
  body.append('mask', mask, 'mask.png');
  return uploadWithProgress<ModelPhotoRecord>({ url: `/api/models/${modelId}/mask`, body });
}
