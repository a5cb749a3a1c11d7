import type { GeneratedImageRecord, SaveGeneratedImageRequest } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** POST /api/generated-images: keeps a result in the gallery (the mock path; real results are saved by the server). */
export async function saveGeneratedImage(body: SaveGeneratedImageRequest): Promise<GeneratedImageRecord> {
  const response = await apiRequest('POST', '/api/generated-images', body);
  return (await response.json()) as GeneratedImageRecord;
}
