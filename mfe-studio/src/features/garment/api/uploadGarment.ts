import type { GarmentRecord } from '@vton/contracts';
import { uploadWithProgress } from '../../../lib/upload';

/** POST /api/garments (multipart `file`), or PUT /api/garments/:id to replace it (clears the crop). */
export function uploadGarment(file: File, onProgress: (fraction: number) => void, replaceId?: number | null): Promise<GarmentRecord> {
  const body = new FormData();
  body.append('file', file, file.name);
  return uploadWithProgress<GarmentRecord>({
    method: replaceId ? 'PUT' : 'POST',
    url: replaceId ? `/api/garments/${replaceId}` : '/api/garments',
    body,
    onProgress,
  });
}
