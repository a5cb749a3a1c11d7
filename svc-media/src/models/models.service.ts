import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ErrorCode, MASK_PADDING, type ModelPhotoRecord } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { reserveId } from '../database/reserve-id.js';
import { MediaUrls } from '../files/media-urls.service.js';
import { inpaintBounds, paintedBox } from '../images/geometry.js';
import { EXTENSION, ImageProcessor, type EncodedImage } from '../images/image-processor.js';
import { WebpMetadataFilter } from '../images/webp-chunks.js';
import { CONTENT_TYPES, newObjectVersion, objectKey, type ObjectExtension } from '../storage/object-keys.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { In, type Repository } from 'typeorm';
import { IncomingFile } from '../uploads/incoming-file.js';
import type { Readable } from 'node:stream';
import { ModelPhoto } from './entities/model-photo.entity.js';

/** A model photo stored while its upload arrived (ModelsService.receive), its row not written yet. */
export interface ReceivedPhoto {
  id: number;
  filename: string;
  width: number;
  height: number;
  key: string;
  thumbKey: string;
}

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
   * One model photo of an upload, checked and stored as it streams in (readMultipart hands each file
   * over as it arrives): the format from its first bytes, the pixel count from its header before any
   * pixel data, and an upright JPEG or WebP stored as it is while it arrives, its metadata cut out on
   * the way (ImageProcessor.modelPhotoFilter), in parts of a multipart upload completed only once the
   * whole file passed. A PNG, or a photo that must be decoded after all, is decoded once when it has
   * arrived and stored as PNG. Its thumbnail is stored beside it. Nothing of a refused or failed file
   * stays stored; what a refused file's request stored before it is discarded (discardReceived), so
   * an upload is still stored whole or not at all (saveReceived).
   */
  async receive(userId: number, bytes: Readable, filename: string): Promise<ReceivedPhoto> {
    const what = `"${filename}"`;
    const file = new IncomingFile(bytes);
    const stored: string[] = [];
    try {
      // 12 bytes tell the format; a PNG's first 33 its size.
      const format = this.images.sniffUpload(await file.first(33), what);
      // The id is taken when the first key is needed: a PNG refused by its checks takes none.
      let id: number | undefined;
      const keyOf = async (ext: ObjectExtension, variant: 'original' | 'thumb' = 'original') => objectKey({ userId, kind: 'models', id: (id ??= await reserveId(this.models)), variant, ext });
      let photo: { width: number; height: number; key: string } | undefined;
      let thumbnail: EncodedImage;
      if (format !== 'png') {
        const key = await keyOf(EXTENSION[format]);
        const filter = this.images.modelPhotoFilter(format, what);
        // putStream reads the filter from here on, its errors included: nothing may come in between.
        file.pipeTo(filter);
        try {
          await this.storage.putStream(key, filter, CONTENT_TYPES[EXTENSION[format]], filter instanceof WebpMetadataFilter ? () => filter.riffHeader() : undefined);
          stored.push(key);
          const { width, height } = filter.header!;
          photo = { width, height, key };
        } catch (error) {
          if (!this.images.decodesInstead(error)) throw error;
        }
      }
      if (photo) {
        thumbnail = await this.images.modelPhotoThumbnail(await file.whole());
      } else {
        const decoded = await this.images.decodedModelPhoto(await file.whole(), what);
        file.release();
        const key = await keyOf(decoded.image.ext);
        await this.storage.put(key, decoded.image.data, decoded.image.contentType);
        stored.push(key);
        photo = { width: decoded.image.width, height: decoded.image.height, key };
        thumbnail = decoded.thumbnail;
      }
      file.release();
      const thumbKey = await keyOf(thumbnail.ext, 'thumb');
      await this.storage.put(thumbKey, thumbnail.data, thumbnail.contentType);
      stored.push(thumbKey);
      return { id: id!, filename, width: photo.width, height: photo.height, key: photo.key, thumbKey };
    } catch (error) {
      file.release();
      await this.removeObjects(stored);
      throw error;
    }
  }

  /** Removes what receive stored for a file of an upload that failed. */
  async discardReceived(photo: ReceivedPhoto): Promise<void> {
    await this.removeObjects([photo.key, photo.thumbKey]);
  }

  /**
   * Records the model photos of an upload, all or none: they were each stored as they arrived
   * (receive), and one bad file refused the request and removed what it had stored
   * (readMultipart). If the rows cannot be inserted, every file's objects are removed.
   */
  async saveReceived(userId: number, photos: ReceivedPhoto[]): Promise<ModelPhotoRecord[]> {
    const rows: ModelPhoto[] = photos.map((photo) => ({
      ...(NO_INPAINT as ModelPhoto),
      id: photo.id,
      userId,
      filename: photo.filename,
      originalPath: photo.key,
      maskData: null,
      objectStorageKey: photo.key,
      thumbnailObjectStorageKey: photo.thumbKey,
      suggestedMaskObjectStorageKey: null,
      isObjectStorage: true,
      // Stored: the client shows `processing` until here; ready comes with an approved mask.
      status: 'uploaded',
      error: null,
      width: photo.width,
      height: photo.height,
      uploadedAt: new Date(),
    }));
    try {
      await this.models.insert(rows);
    } catch (error) {
      await this.removeObjects(photos.flatMap((photo) => [photo.key, photo.thumbKey]));
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
        // approved: the suggestion it came from (if any) waits no more
        suggestedMaskObjectStorageKey: null,
      };
      const replaced = await this.updateLocked(model, (current) => {
        if (!current) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} not found`);
        return changes;
      });
      // The row points at this attempt's files now: the earlier ones (and the suggestion) can go.
      await this.removeObjects([...inpaintKeysOf(replaced).filter((key) => key !== croppedKey && key !== maskKey), replaced?.suggestedMaskObjectStorageKey ?? null]);
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
      model.suggestedMaskObjectStorageKey,
    ]);
  }

  /**
   * Keeps the studio's suggested mask for the photo until it is approved or withdrawn (issue 32), so
   * a reload or another browser shows it again. Each one is a file of its own; the row takes it
   * locked, then the one it displaced is removed.
   */
  async suggestMask(userId: number, id: number, readMask: () => Promise<Buffer>): Promise<ModelPhotoRecord> {
    const model = await this.findOwned(userId, id);
    const mask = await this.images.suggestedMask(await readMask(), model.width, model.height);
    const key = objectKey({ userId, kind: 'models', id, variant: 'suggested-mask', ext: 'png', version: newObjectVersion() });
    await this.storage.put(key, mask.data, mask.contentType);
    let before: ModelPhoto | null;
    try {
      before = await this.updateLocked(model, (current) => {
        if (!current) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} not found`);
        return { suggestedMaskObjectStorageKey: key };
      });
    } catch (error) {
      await this.removeObjects([key]);
      throw error;
    }
    await this.removeObjects([before?.suggestedMaskObjectStorageKey ?? null]);
    return this.toRecord({ ...(before ?? model), suggestedMaskObjectStorageKey: key });
  }

  /** The suggestion was undone or replaced by hand: nothing waits for approval any more. */
  async withdrawSuggestedMask(userId: number, id: number): Promise<void> {
    const model = await this.findOwned(userId, id);
    const before = await this.updateLocked(model, (current) => (current?.suggestedMaskObjectStorageKey ? { suggestedMaskObjectStorageKey: null } : null));
    await this.removeObjects([before?.suggestedMaskObjectStorageKey ?? null]);
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
      ...(model.suggestedMaskObjectStorageKey ? { suggestedMaskUrl: this.urls.sign(model.suggestedMaskObjectStorageKey) } : {}),
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
