import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ErrorCode, MASK_PADDING, type ModelPhotoRecord } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { reserveId } from '../database/reserve-id.js';
import { MediaUrls } from '../files/media-urls.service.js';
import { inpaintBounds, paintedBox } from '../images/geometry.js';
import { ImageProcessor } from '../images/image-processor.js';
import { newObjectVersion, objectKey } from '../storage/object-keys.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { In, type Repository } from 'typeorm';
import type { UploadedFile } from '../uploads/multipart.js';
import { ModelPhoto } from './entities/model-photo.entity.js';

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
    @InjectRepository(ModelPhoto) private readonly models: Repository<ModelPhoto>,
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
        const image = await this.images.modelPhoto(file.buffer, `"${file.originalname}"`);
        const thumb = await this.images.thumbnail(image.data);
        const id = await reserveId(this.models);
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
      await this.models.insert(rows);
    } catch (error) {
      await this.removeObjects(stored);
      throw error;
    }
    return rows.map((row) => this.toRecord(row));
  }

  async list(userId: number): Promise<ModelPhotoRecord[]> {
    const rows = await this.models.find({ where: { userId }, order: { id: 'ASC' } });
    return rows.map((row) => this.toRecord(row));
  }

  async get(userId: number, id: number): Promise<ModelPhotoRecord> {
    return this.toRecord(await this.findOwned(userId, id));
  }

  /**
   * Applies the painted mask: crop bounds around it (padding 10, squared with image
   * context), the photo cut to them and the mask as white-on-black; the model becomes
   * `ready`. Any failure sets it back to `uploaded` with the reason (spec §4, §8).
   *
   * Each attempt writes its files under its own keys (a fresh key version), so two masks sent
   * for one model at once never touch each other's files: the row is switched to the new keys,
   * then the files it pointed at before are removed; a failure removes only its own files.
   */
  async applyMask(userId: number, id: number, readMask: () => Promise<Buffer>): Promise<ModelPhotoRecord> {
    const model = await this.findOwned(userId, id);
    const version = newObjectVersion();
    const croppedKey = objectKey({ userId, kind: 'models', id, variant: 'inpaint-cropped', ext: 'png', version });
    const maskKey = objectKey({ userId, kind: 'models', id, variant: 'inpaint-mask', ext: 'png', version });
    try {
      const mask = await readMask();
      const painted = await this.images.paintedMap(mask, model.width, model.height);
      const box = paintedBox(painted.map, painted.width, painted.height);
      if (!box) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'The mask is empty: paint where the garment goes');
      const bounds = inpaintBounds(box, MASK_PADDING, model.width, model.height);
      const photo = await this.storage.getBytes(model.objectStorageKey!);
      const crops = await this.images.inpaintCrops(photo, painted, bounds);
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
      const replaced = await this.updateLocked(model, (current) => {
        if (!current) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} not found`);
        return changes;
      });
      // The row points at this attempt's files now: the earlier ones can go.
      await this.removeObjects(inpaintKeysOf(replaced).filter((key) => key !== croppedKey && key !== maskKey));
      return this.toRecord({ ...model, ...changes });
    } catch (error) {
      await this.markMaskFailed(model, [croppedKey, maskKey], error);
      throw error;
    }
  }

  async remove(userId: number, id: number): Promise<void> {
    const model = await this.findOwned(userId, id);
    // The row first: once it is gone no URL can be signed for its objects.
    await this.models.delete({ id, userId });
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

  /**
   * A failed attempt removes its own files. It sets the model back to `uploaded` (dropping the
   * earlier approval, as spec §8 asks) only if the row still holds what it held when this attempt
   * began: a mask that succeeded meanwhile is newer than this failure and stays.
   */
  private async markMaskFailed(model: ModelPhoto, ownKeys: string[], error: unknown): Promise<void> {
    const reason = error instanceof ApiException ? error.message : 'Mask processing failed';
    try {
      const reset = (current: ModelPhoto | null): current is ModelPhoto => !!current && sameInpaint(current, model);
      const before = await this.updateLocked(model, (current) => (reset(current) ? { ...NO_INPAINT, status: 'uploaded', error: reason } : null));
      // Committed: the files of the approval it dropped are no longer described by the row.
      const dropped = reset(before) ? inpaintKeysOf(before) : [];
      await this.removeObjects([...ownKeys, ...dropped.filter((key) => key && !ownKeys.includes(key))]);
    } catch (cause) {
      this.logger.error(`Could not record the failed mask of model ${model.id}: ${(cause as Error).message}`);
    }
  }

  /**
   * Reads the model's row locked, lets `decide` choose the changes (null: none) and writes them
   * in the same transaction; answers the row as it was before. Concurrent masks of one model
   * are ordered here.
   */
  private async updateLocked(model: ModelPhoto, decide: (current: ModelPhoto | null) => Partial<ModelPhoto> | null): Promise<ModelPhoto | null> {
    return this.models.manager.transaction(async (tx) => {
      const repository = tx.getRepository(ModelPhoto);
      const current = await repository.findOne({ where: { id: model.id, userId: model.userId }, lock: { mode: 'pessimistic_write' } });
      const changes = decide(current);
      if (changes) await repository.update({ id: model.id, userId: model.userId }, changes);
      return current;
    });
  }

  /** The file name of the user's model photo, or null when it is not theirs (or gone). */
  async filenameOf(userId: number, id: number): Promise<string | null> {
    const model = await this.models.findOne({ where: { id, userId }, select: { id: true, filename: true } });
    return model?.filename ?? null;
  }

  /** Which of these ids are model photos of the user. */
  async ownedIds(userId: number, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    return new Set((await this.models.find({ where: { userId, id: In(ids) }, select: { id: true } })).map((m) => m.id));
  }

  /** Another user's model is as absent as a missing one. */
  private async findOwned(userId: number, id: number): Promise<ModelPhoto> {
    const model = await this.models.findOneBy({ id, userId });
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

function inpaintKeysOf(model: ModelPhoto | null): (string | null)[] {
  return model ? [model.inpaintCroppedObjectStorageKey, model.inpaintMaskObjectStorageKey] : [];
}

function sameInpaint(a: ModelPhoto, b: ModelPhoto): boolean {
  return a.inpaintCroppedObjectStorageKey === b.inpaintCroppedObjectStorageKey && a.inpaintMaskObjectStorageKey === b.inpaintMaskObjectStorageKey;
}
