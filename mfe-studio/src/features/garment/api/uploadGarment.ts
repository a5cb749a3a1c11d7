import type { GarmentCategory, GarmentRecord } from '@vton/contracts';
import { uploadWithProgress } from '../../../lib/upload';

/** POST /api/garments (multipart `file`, and `category`: it joins the product library), or PUT /api/garments/:id to replace it (clears the crop). */
export function uploadGarment(file: File, onProgress: (fraction: number) => void, replaceId?: number | null, category?: GarmentCategory): Promise<GarmentRecord> {
  const body = new FormData();
  if (category && !replaceId) body.append('category', category);
  body.append('file', file, file.name);
  return uploadWithProgress<GarmentRecord>({
    method: replaceId ? 'PUT' : 'POST',
    url: replaceId ? `/api/garments/${replaceId}` : '/api/garments',
    body,
    onProgress,
  });
}
