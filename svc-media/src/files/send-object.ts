import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { CONTENT_TYPES, parseObjectKey } from '../storage/object-keys.js';
import type { ObjectStorage } from '../storage/object-storage.service.js';

/**
 * Streams one stored object with its type, length and ETag; answers 304 when the caller
 * already has it. The type comes from our own key, never from what was uploaded.
 */
export async function sendObject(req: Request, res: Response, storage: ObjectStorage, key: string, cacheControl: string): Promise<void> {
  const parts = parseObjectKey(key);
  const stat = parts ? await storage.stat(key) : null;
  if (!parts || !stat) throw new ApiException(404, ErrorCode.NOT_FOUND, 'Image not found');
  const etag = `"${stat.etag.replace(/"/g, '')}"`;
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  res.setHeader('Content-Type', CONTENT_TYPES[parts.ext]);
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', String(stat.size));
  res.status(200);
  await pipeline(await storage.get(key), res);
}
