import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, MASK_PADDING, type ModelPhotoRecord } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { MediaRepositories } from '../common/media-repositories.js';
import { reserveId } from '../database/reserve-id.js';
import { MediaUrls } from '../files/media-urls.service.js';
import { inpaintBounds, paintedBox } from '../images/geometry.js';
import { ImageProcessor } from '../images/image-processor.js';
import { objectKey } from '../storage/object-keys.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import type { UploadedFile } from '../uploads/multipart.js';
import type { ModelPhoto } from './entities/model-photo.entity.js';

export type ModelFileVariant = 'original' | 'inpaint-cropped' | 'inpaint-mask';

const NO_INPAINT: Partial<ModelPhoto> = {
  inpaintCropBounds: null,
  inpaintMaskData: null,
  inpaintCroppedImagePath: null,
  inpaintProcessedMaskPath: null,
  inpaintCroppedObjectStorageKey: null,
  inpaintMaskObjectStorageKey: null,
  maskedPath: null,
};

@Injectable()
export class ModelsService {
  private readonly logger = new Logger('ModelsService');

  constructor(
    private readonly db: MediaRepositories,
    private readonly storage: ObjectStorage,
    private readonly images: ImageProcessor,
    private readonly urls: MediaUrls,
  ) {}

  /**
   * Stores several model photos, all or none: one bad file refuses the request and
   * removes what this request had stored. Files are decoded one at a time.
   */
  async upload(userId: number, files: UploadedFile[]): Promise<ModelPhotoRecord[]> {
    const stored: string[] = [];
    const rows: ModelPhoto[] = [];
    try {
      for (const file of files) {
        const image = await this.images.normalizeUpload(file.buffer, `"${file.originalname}"`);
        const thumb = await this.images.thumbnail(image.data);
        const id = await reserveId(this.db.models);
        const key = objectKey({ userId, kind: 'models', id, variant: 'original', ext: image.ext });
        const thumbKey = objectKey({ userId, kind: 'models', id, variant: 'thumb', ext: thumb.ext });
        await this.storage.put(key, image.data, image.contentType);
        stored.push(key);
        await this.storage.put(thumbKey, thumb.data, thumb.contentType);
        stored.push(thumbKey);
        rows.push({
          ...(NO_INPAINT as ModelPhoto),
          id,
          userId,
          filename: file.originalname,
          originalPath: key,
          maskData: null,
          objectStorageKey: key,
          thumbnailObjectStorageKey: thumbKey,
          isObjectStorage: true,
          // Stored: the client shows `processing` until here; ready comes with an approved mask.
          status: 'uploaded',
          error: null,
          width: image.width,
          height: image.height,
          uploadedAt: new Date(),
        });
      }
      await this.db.models.insert(rows);
    } catch (error) {
      await this.removeObjects(stored);
      throw error;
    }
    return rows.map((row) => this.toRecord(row));
  }

  async list(userId: number): Promise<ModelPhotoRecord[]> {
    const rows = await this.db.models.find({ where: { userId }, order: { id: 'ASC' } });
    return rows.map((row) => this.toRecord(row));
  }

  async get(userId: number, id: number): Promise<ModelPhotoRecord> {
    return this.toRecord(await this.findOwned(userId, id));
  }

  /**
   * Applies the painted mask: crop bounds around it (padding 10, squared with image
   * context), the photo cut to them and the mask as white-on-black; the model becomes
   * `ready`. Any failure sets it back to `uploaded` with the reason (spec §4, §8).
   */
  async applyMask(userId: number, id: number, readMask: () => Promise<Buffer>): Promise<ModelPhotoRecord> {
    const model = await this.findOwned(userId, id);
    try {
      const mask = await readMask();
      const painted = await this.images.paintedMap(mask, model.width, model.height);
      const box = paintedBox(painted.map, painted.width, painted.height);
      if (!box) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'The mask is empty: paint where the garment goes');
      const bounds = inpaintBounds(box, MASK_PADDING, model.width, model.height);
      const photo = await this.storage.getBytes(model.objectStorageKey!);
      const crops = await this.images.inpaintCrops(photo, painted, bounds);
      const croppedKey = objectKey({ userId, kind: 'models', id, variant: 'inpaint-cropped', ext: 'png' });
      const maskKey = objectKey({ userId, kind: 'models', id, variant: 'inpaint-mask', ext: 'png' });
      await this.storage.put(croppedKey, crops.image.data, crops.image.contentType);
      await this.storage.put(maskKey, crops.mask.data, crops.mask.contentType);
      const changes: Partial<ModelPhoto> = {
        status: 'ready',
        error: null,
        inpaintCropBounds: bounds,
        inpaintMaskData: { padding: MASK_PADDING, paintedBox: box, maskWidth: painted.width, maskHeight: painted.height },
        inpaintCroppedImagePath: croppedKey,
        inpaintProcessedMaskPath: maskKey,
        inpaintCroppedObjectStorageKey: croppedKey,
        inpaintMaskObjectStorageKey: maskKey,
        maskedPath: maskKey,
      };
      await this.db.models.update({ id, userId }, changes);
      return this.toRecord({ ...model, ...changes });
    } catch (error) {
      await this.markMaskFailed(model, error);
      throw error;
    }
  }

  async remove(userId: number, id: number): Promise<void> {
    const model = await this.findOwned(userId, id);
    // The row first: once it is gone no URL can be signed for its objects.
    await this.db.models.delete({ id, userId });
    await this.removeObjects([
      model.objectStorageKey,
      model.thumbnailObjectStorageKey,
      model.inpaintCroppedObjectStorageKey,
      model.inpaintMaskObjectStorageKey,
    ]);
  }

  async fileKey(userId: number, id: number, variant: ModelFileVariant): Promise<string> {
    const model = await this.findOwned(userId, id);
    const key = {
      original: model.objectStorageKey,
      'inpaint-cropped': model.inpaintCroppedObjectStorageKey,
      'inpaint-mask': model.inpaintMaskObjectStorageKey,
    }[variant];
    if (!key) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} does not have inpaint mask data`);
    return key;
  }

  private async markMaskFailed(model: ModelPhoto, error: unknown): Promise<void> {
    const reason = error instanceof ApiException ? error.message : 'Mask processing failed';
    try {
      await this.db.models.update({ id: model.id, userId: model.userId }, { ...NO_INPAINT, status: 'uploaded', error: reason });
      // The inpaint keys are fixed per model, so this also removes anything a failed attempt stored.
      await this.removeObjects([
        objectKey({ userId: model.userId, kind: 'models', id: model.id, variant: 'inpaint-cropped', ext: 'png' }),
        objectKey({ userId: model.userId, kind: 'models', id: model.id, variant: 'inpaint-mask', ext: 'png' }),
      ]);
    } catch (cause) {
      this.logger.error(`Could not record the failed mask of model ${model.id}: ${(cause as Error).message}`);
    }
  }

  /** Another user's model is as absent as a missing one. */
  private async findOwned(userId: number, id: number): Promise<ModelPhoto> {
    const model = await this.db.models.findOneBy({ id, userId });
    if (!model) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} not found`);
    return model;
  }

  private toRecord(model: ModelPhoto): ModelPhotoRecord {
    const inpaint =
      model.status === 'ready' && model.inpaintCroppedObjectStorageKey && model.inpaintMaskObjectStorageKey && model.inpaintCropBounds
        ? {
            croppedImageUrl: this.urls.sign(model.inpaintCroppedObjectStorageKey),
            processedMaskUrl: this.urls.sign(model.inpaintMaskObjectStorageKey),
            bounds: model.inpaintCropBounds,
          }
        : null;
    return {
      id: model.id,
      filename: model.filename,
      width: model.width,
      height: model.height,
      status: model.status,
      url: this.urls.sign(model.objectStorageKey!),
      thumbnailUrl: this.urls.sign(model.thumbnailObjectStorageKey ?? model.objectStorageKey!),
      inpaint,
      ...(model.error ? { error: model.error } : {}),
      uploadedAt: model.uploadedAt.toISOString(),
    };
  }

  private async removeObjects(keys: (string | null)[]): Promise<void> {
    const failed = await this.storage.removeAll(keys);
    if (failed.length) this.logger.warn(`Objects left behind (remove failed): ${failed.join(', ')}`);
  }
}
