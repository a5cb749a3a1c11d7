import type { ModelPhotoRecord } from '@vton/contracts';
import { uploadWithProgress } from '../../../lib/upload';

/** POST /api/models (multipart `files`, several) → records in upload order; all or none are stored. */
export function uploadModelPhotos(files: File[], onProgress: (fraction: number) => void): Promise<ModelPhotoRecord[]> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return uploadWithProgress<ModelPhotoRecord[]>({ url: '/api/models', body, onProgress });
}
