import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DEFAULT_GARMENT_CATEGORY,
  ErrorCode,
  MASK_PADDING,
  PRODUCT_CATEGORY,
  type GarmentCategory,
  type ModelMask as ModelMaskRecord,
  type ModelMasks,
  type ModelPhotoRecord,
  type SuggestedMasks,
} from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { reserveId } from '../tables/reserve-id.js';
import { MediaUrls } from '../files/media-urls.service.js';
import { maskBounds, maskBox } from '../images/geometry.js';
import { EXTENSION, type EncodedImage } from '../images/image-codec.js';
import { MaskImages } from '../images/mask-images.js';
import { ModelPhotoImages } from '../images/model-photo-images.js';
import { WebpMetadataFilter } from '../images/webp-chunks.js';
import { CONTENT_TYPES, newObjectVersion, objectKey, type ObjectExtension } from '../storage/object-keys.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { parseGarmentCategory, parseWornCategory } from '../validation/garment-category.js';
import { In, type EntityManager, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import { IncomingFile } from '../uploads/incoming-file.js';
import type { Readable } from 'node:stream';
import { ModelMask } from './entities/model-mask.entity.js';
import { ModelPhoto } from './entities/model-photo.entity.js';
import { SuggestedMask } from './entities/suggested-mask.entity.js';

/** A model photo stored while its upload arrived (ModelsService.receive), its row not written yet. */
export interface ReceivedPhoto {
  id: number;
  filename: string;
  width: number;
  height: number;
  key: string;
  thumbKey: string;
}

/** The files a model photo has (`:variant` of its byte routes). */
export const MODEL_FILE_VARIANTS = ['original', 'inpaint-cropped', 'inpaint-mask'] as const;
export type ModelFileVariant = (typeof MODEL_FILE_VARIANTS)[number];

@Injectable()
export class ModelsService {
  private readonly logger = new Logger('ModelsService');

  constructor(
    @InjectRepository(ModelPhoto) private readonly models: Repository<ModelPhoto>,
    @InjectRepository(ModelMask) private readonly masks: Repository<ModelMask>,
    @InjectRepository(SuggestedMask) private readonly suggestions: Repository<SuggestedMask>,
    private readonly storage: ObjectStorage,
    private readonly photoImages: ModelPhotoImages,
    private readonly maskImages: MaskImages,
    private readonly urls: MediaUrls,
  ) {}

  /**
   * One model photo of an upload, checked and stored as it streams in (readMultipart hands each file
   * over as it arrives): the format from its first bytes, the pixel count from its header before any
   * pixel data, and an upright JPEG or WebP stored as it is while it arrives, its metadata cut out on
   * the way (ModelPhotoImages.modelPhotoFilter), in parts of a multipart upload completed only once the
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
      const format = this.photoImages.sniffUpload(await file.first(33), what);
      // The id is taken when the first key is needed: a PNG refused by its checks takes none.
      let id: number | undefined;
      const keyOf = async (ext: ObjectExtension, variant: 'original' | 'thumb' = 'original') => objectKey({ userId, kind: 'models', id: (id ??= await reserveId(this.models)), variant, ext });
      let photo: { width: number; height: number; key: string } | undefined;
      let thumbnail: EncodedImage;
      if (format !== 'png') {
        const key = await keyOf(EXTENSION[format]);
        const filter = this.photoImages.modelPhotoFilter(format, what);
        // putStream reads the filter from here on, its errors included: nothing may come in between.
        file.pipeTo(filter);
        try {
          await this.storage.putStream(key, filter, CONTENT_TYPES[EXTENSION[format]], filter instanceof WebpMetadataFilter ? () => filter.riffHeader() : undefined);
          stored.push(key);
          const { width, height } = filter.header!;
          photo = { width, height, key };
        } catch (error) {
          if (!this.photoImages.decodesInstead(error)) throw error;
        }
      }
      if (photo) {
        thumbnail = await this.photoImages.modelPhotoThumbnail(await file.whole());
      } else {
        const decoded = await this.photoImages.decodedModelPhoto(await file.whole(), what);
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
      await this.storage.removeAll(stored);
      throw error;
    }
  }

  /** Removes what receive stored for a file of an upload that failed. */
  async discardReceived(photo: ReceivedPhoto): Promise<void> {
    await this.storage.removeAll([photo.key, photo.thumbKey]);
  }

  /**
   * Records the model photos of an upload, all or none: they were each stored as they arrived
   * (receive), and one bad file refused the request and removed what it had stored
   * (readMultipart). If the rows cannot be inserted, every file's objects are removed.
   */
  async saveReceived(userId: number, photos: ReceivedPhoto[]): Promise<ModelPhotoRecord[]> {
    const rows: ModelPhoto[] = photos.map((photo) => ({
      id: photo.id,
      userId,
      filename: photo.filename,
      originalPath: photo.key,
      objectStorageKey: photo.key,
      thumbnailObjectStorageKey: photo.thumbKey,
      isObjectStorage: true,
      // Stored: the client shows `processing` until here; ready comes with an approved mask.
      status: 'uploaded',
      error: null,
      width: photo.width,
      height: photo.height,
      uploadedAt: new Date(),
    }));
    await this.storage.removeIfFails(photos.flatMap((photo) => [photo.key, photo.thumbKey]), () => this.models.insert(rows));
    return rows.map((row) => this.toRecord(row, [], []));
  }

  async list(userId: number): Promise<ModelPhotoRecord[]> {
    const [rows, masks, suggestions] = await Promise.all([
      this.models.find({ where: { userId }, order: { id: 'ASC' } }),
      this.masks.findBy({ userId }),
      this.suggestions.findBy({ userId }),
    ]);
    return rows.map((row) => this.toRecord(row, masks.filter((m) => m.modelId === row.id), suggestions.filter((m) => m.modelId === row.id)));
  }

  async get(userId: number, id: number): Promise<ModelPhotoRecord> {
    const model = await this.findOwned(userId, id);
    const [masks, suggestions] = await Promise.all([this.masks.findBy({ modelId: id }), this.suggestions.findBy({ modelId: id })]);
    return this.toRecord(model, masks, suggestions);
  }

  /**
   * Applies the painted mask as the photo's mask for `category`: the mask bounds around it (padding
   * 10, squared with image context), its mask region (the photo cut to them) and the mask cut to them as
   * white-on-black; the model
   * becomes `ready`. Any failure drops that category's mask, sets the photo back to `uploaded` when
   * it has no other, and records the reason (spec §4, §8).
   *
   * Each attempt writes its files under its own keys (a fresh key version), so two masks sent
   * for one model at once never touch each other's files: the row is switched to the new keys,
   * then the files it pointed at before are removed; a failure removes only its own files.
   */
  async applyMask(userId: number, id: number, readMask: () => Promise<{ mask: Buffer; category?: string }>): Promise<ModelPhotoRecord> {
    const model = await this.findOwned(userId, id);
    const version = newObjectVersion();
    const regionKey = objectKey({ userId, kind: 'models', id, variant: 'inpaint-cropped', ext: 'png', version });
    const maskKey = objectKey({ userId, kind: 'models', id, variant: 'inpaint-mask', ext: 'png', version });
    // The masks as they were when this attempt began: a failure drops its category's only if it is still that one.
    const began = await this.masks.findBy({ modelId: id });
    const failed = async (category: GarmentCategory, error: unknown, ownKeys: string[] = []) =>
      this.markMaskFailed(model, category, began.find((m) => m.category === category) ?? null, ownKeys, error);
    let sent: { mask: Buffer; category?: string };
    try {
      sent = await readMask();
    } catch (error) {
      // A form that cannot be read counts against the default category.
      await failed(DEFAULT_GARMENT_CATEGORY, error);
      throw error;
    }
    // An unknown category is a 400 that changes nothing.
    const category = parseGarmentCategory(sent.category) ?? DEFAULT_GARMENT_CATEGORY;
    try {
      const pixels = await this.maskImages.maskPixels(sent.mask, model.width, model.height);
      const box = maskBox(pixels.map, pixels.width, pixels.height);
      if (!box) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'The mask is empty: paint where the garment goes');
      const bounds = maskBounds(box, MASK_PADDING, model.width, model.height);
      const photo = await this.storage.getBytes(model.objectStorageKey!);
      const region = await this.maskImages.maskRegion(photo, pixels, bounds);
      await this.storage.put(regionKey, region.photo.data, region.photo.contentType);
      await this.storage.put(maskKey, region.mask.data, region.mask.contentType);
      const mask: ModelMask = {
        modelId: id,
        userId,
        category,
        inpaintCropBounds: bounds,
        // Spec §3's inpaintMaskData; its `paintedBox` is what the stored data has always called the mask box.
        inpaintMaskData: { padding: MASK_PADDING, paintedBox: box, maskWidth: pixels.width, maskHeight: pixels.height },
        inpaintCroppedObjectStorageKey: regionKey,
        inpaintMaskObjectStorageKey: maskKey,
        approvedAt: new Date(),
      };
      const replaced = await this.updateLocked(model, async (tx, row) => {
        if (!row) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} not found`);
        const earlier = await tx.getRepository(ModelMask).findOneBy({ modelId: id, category: mask.category });
        await tx.getRepository(ModelMask).upsert(mask, ['modelId', 'category']);
        await tx.getRepository(ModelPhoto).update({ id, userId }, { status: 'ready', error: null });
        // approved: this category's suggestion (if any) waits no more; another category's still does
        const suggestion = category === PRODUCT_CATEGORY ? null : await tx.getRepository(SuggestedMask).findOneBy({ modelId: id, category });
        if (suggestion) await tx.getRepository(SuggestedMask).delete({ modelId: id, category: suggestion.category });
        return { earlier, suggestion };
      });
      // The rows point at this attempt's files now: the earlier ones (and the suggestion) can go.
      await this.storage.removeAll([...maskKeysOf(replaced.earlier).filter((key) => key !== regionKey && key !== maskKey), replaced.suggestion?.objectStorageKey ?? null]);
      return this.get(userId, id);
    } catch (error) {
      await failed(category, error, [regionKey, maskKey]);
      throw error;
    }
  }

  async remove(userId: number, id: number): Promise<void> {
    const model = await this.findOwned(userId, id);
    // The row first (its masks and suggestions go with it): once it is gone no URL can be signed for its objects.
    const { masks, suggestions } = await this.updateLocked(model, async (tx, row) => {
      if (!row) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} not found`);
      const rows = { masks: await tx.getRepository(ModelMask).findBy({ modelId: id }), suggestions: await tx.getRepository(SuggestedMask).findBy({ modelId: id }) };
      await tx.getRepository(ModelPhoto).delete({ id, userId });
      return rows;
    });
    await this.storage.removeAll([model.objectStorageKey, model.thumbnailObjectStorageKey, ...masks.flatMap(maskKeysOf), ...suggestions.map((m) => m.objectStorageKey)]);
  }

  /**
   * Keeps the studio's suggested mask for the photo and `category` (a worn one; default upper body)
   * until that category's mask is approved or the suggestion is withdrawn (issue 32), so a reload or
   * another browser shows it again. Each one is a file of its own; the row takes it with the photo
   * locked, then the one it displaced is removed.
   */
  async suggestMask(userId: number, id: number, readMask: () => Promise<{ mask: Buffer; category?: string }>): Promise<ModelPhotoRecord> {
    const model = await this.findOwned(userId, id);
    const sent = await readMask();
    const category = parseWornCategory(sent.category);
    const mask = await this.maskImages.suggestedMask(sent.mask, model.width, model.height);
    const key = objectKey({ userId, kind: 'models', id, variant: 'suggested-mask', ext: 'png', version: newObjectVersion() });
    await this.storage.put(key, mask.data, mask.contentType);
    const displaced = await this.storage.removeIfFails([key], () =>
      this.updateLocked(model, async (tx, row) => {
        if (!row) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} not found`);
        const suggestions = tx.getRepository(SuggestedMask);
        const before = await suggestions.findOneBy({ modelId: id, category });
        await suggestions.upsert({ modelId: id, userId, category, objectStorageKey: key, suggestedAt: new Date() }, ['modelId', 'category']);
        return before;
      }),
    );
    await this.storage.removeAll([displaced?.objectStorageKey ?? null]);
    return this.get(userId, id);
  }

  /** The suggestion of `category` (default upper body) was undone or replaced by hand: it waits for approval no more. */
  async withdrawSuggestedMask(userId: number, id: number, category?: string): Promise<void> {
    const which = parseWornCategory(category);
    const model = await this.findOwned(userId, id);
    const withdrawn = await this.updateLocked(model, async (tx) => {
      const suggestions = tx.getRepository(SuggestedMask);
      const before = await suggestions.findOneBy({ modelId: id, category: which });
      if (before) await suggestions.delete({ modelId: id, category: which });
      return before;
    });
    await this.storage.removeAll([withdrawn?.objectStorageKey ?? null]);
  }

  /**
   * The key of one of the photo's files; the mask files (`inpaint-mask`, `inpaint-cropped`) are those of its mask for `category`, or
   * without a category of the mask approved last (a client from before masks per category).
   */
  async fileKey(userId: number, id: number, variant: ModelFileVariant, category?: GarmentCategory): Promise<string> {
    const model = await this.findOwned(userId, id);
    if (variant === 'original') return model.objectStorageKey!;
    const [mask] = await this.masks.find({ where: { modelId: id, ...(category ? { category } : {}) }, order: { approvedAt: 'DESC' }, take: 1 });
    if (!mask) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} does not have inpaint mask data`);
    return variant === 'inpaint-cropped' ? mask.inpaintCroppedObjectStorageKey : mask.inpaintMaskObjectStorageKey;
  }

  /**
   * The keys of the photo (`original`) and of its mask (`inpaint-mask`) for `category` — without a
   * category, of the mask approved last — in one query: what a worker reads for one model. The same
   * answers as fileKey for those two variants, 404s included.
   */
  async photoAndMaskKeys(userId: number, id: number, category?: GarmentCategory): Promise<{ photoKey: string; maskKey: string }> {
    const row = await this.models
      .createQueryBuilder('model')
      .select('model.objectStorageKey', 'photoKey')
      .addSelect('mask.inpaintMaskObjectStorageKey', 'maskKey')
      .leftJoin(ModelMask, 'mask', category ? 'mask.modelId = model.id AND mask.category = :category' : 'mask.modelId = model.id', { category })
      .where('model.id = :id AND model.userId = :userId', { id, userId })
      .orderBy('mask.approvedAt', 'DESC', 'NULLS LAST')
      .limit(1)
      .getRawOne<{ photoKey: string | null; maskKey: string | null }>();
    if (!row) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} not found`);
    if (!row.maskKey) throw new ApiException(404, ErrorCode.NOT_FOUND, `Model ${id} does not have inpaint mask data`);
    return { photoKey: row.photoKey!, maskKey: row.maskKey };
  }

  /**
   * A failed attempt removes its own files. It drops the category's mask (dropping the earlier
   * approval, as spec §8 asks) only if that mask is still what it was when this attempt began: a mask
   * that succeeded meanwhile is newer than this failure and stays. The photo goes back to `uploaded`
   * when no mask is left.
   */
  private async markMaskFailed(model: ModelPhoto, category: GarmentCategory, began: ModelMask | null, ownKeys: string[], error: unknown): Promise<void> {
    const reason = error instanceof ApiException ? error.message : 'Mask processing failed';
    try {
      const dropped = await this.updateLocked(model, async (tx, row) => {
        if (!row) return null;
        const masks = tx.getRepository(ModelMask);
        const current = await masks.findOneBy({ modelId: model.id, category });
        if (current && !sameMask(current, began)) return null;
        if (current) await masks.delete({ modelId: model.id, category });
        const left = await masks.countBy({ modelId: model.id });
        await tx.getRepository(ModelPhoto).update({ id: model.id, userId: model.userId }, { status: left ? 'ready' : 'uploaded', error: reason });
        return current;
      });
      // Committed: the files of the approval it dropped are no longer described by any row.
      await this.storage.removeAll([...ownKeys, ...maskKeysOf(dropped).filter((key) => !ownKeys.includes(key))]);
    } catch (cause) {
      this.logger.error(`Could not record the failed mask of model ${model.id}: ${(cause as Error).message}`);
    }
  }

  /**
   * Reads the model's row locked and lets `change` write in the same transaction; answers what it
   * answers. Concurrent masks of one model are ordered here.
   */
  private async updateLocked<T>(model: ModelPhoto, change: (tx: EntityManager, current: ModelPhoto | null) => Promise<T>): Promise<T> {
    return this.models.manager.transaction(async (tx) => {
      const current = await tx.getRepository(ModelPhoto).findOne({ where: { id: model.id, userId: model.userId }, lock: { mode: 'pessimistic_write' } });
      return change(tx, current);
    });
  }

  /**
   * The file name of the user's model photo (null when it is not theirs, or gone) as a subquery of
   * another domain's statement: a result's save asks it with its other lookups at once.
   */
  filenameQuery(userId: number, id: number | null): (query: SelectQueryBuilder<ObjectLiteral>) => SelectQueryBuilder<ObjectLiteral> {
    return (query) => query.select('model.filename').from(ModelPhoto, 'model').where('model.id = :modelId AND model.userId = :modelOwnerId', { modelId: id, modelOwnerId: userId });
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

  private toRecord(model: ModelPhoto, masks: ModelMask[], suggestions: SuggestedMask[]): ModelPhotoRecord {
    const ready = model.status === 'ready';
    const byCategory: ModelMasks = {};
    for (const mask of ready ? masks : []) byCategory[mask.category] = this.maskRecord(mask);
    const last = ready ? masks.reduce<ModelMask | null>((latest, m) => (!latest || m.approvedAt > latest.approvedAt ? m : latest), null) : null;
    const suggestedMasks: SuggestedMasks = {};
    for (const suggestion of suggestions) suggestedMasks[suggestion.category] = this.urls.sign(suggestion.objectStorageKey);
    return {
      id: model.id,
      filename: model.filename,
      width: model.width,
      height: model.height,
      status: model.status,
      url: this.urls.sign(model.objectStorageKey!),
      thumbnailUrl: this.urls.sign(model.thumbnailObjectStorageKey ?? model.objectStorageKey!),
      masks: byCategory,
      inpaint: last ? (({ approvedAt: _, ...inpaint }) => inpaint)(this.maskRecord(last)) : null,
      ...(model.error ? { error: model.error } : {}),
      suggestedMasks,
      uploadedAt: model.uploadedAt.toISOString(),
    };
  }

  private maskRecord(mask: ModelMask): ModelMaskRecord {
    return {
      croppedImageUrl: this.urls.sign(mask.inpaintCroppedObjectStorageKey),
      processedMaskUrl: this.urls.sign(mask.inpaintMaskObjectStorageKey),
      bounds: mask.inpaintCropBounds,
      approvedAt: mask.approvedAt.toISOString(),
    };
  }
}

function maskKeysOf(mask: ModelMask | null): string[] {
  return mask ? [mask.inpaintCroppedObjectStorageKey, mask.inpaintMaskObjectStorageKey] : [];
}

function sameMask(a: ModelMask, b: ModelMask | null): boolean {
  return !!b && a.inpaintCroppedObjectStorageKey === b.inpaintCroppedObjectStorageKey && a.inpaintMaskObjectStorageKey === b.inpaintMaskObjectStorageKey;
}
