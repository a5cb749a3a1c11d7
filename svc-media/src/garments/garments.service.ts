import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_GARMENT_CATEGORY, ErrorCode, MAX_GARMENT_NAME_LENGTH, TARGET_IMAGE_SIZE, type CropData, type GarmentCategory, type GarmentRecord, type GarmentsPage, type UpdateGarmentRequest } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { reserveId } from '../tables/reserve-id.js';
import { MediaUrls } from '../files/media-urls.service.js';
import { planGarmentCrop } from '../images/geometry.js';
import { GarmentImages } from '../images/garment-images.js';
import { newObjectVersion, objectKey } from '../storage/object-keys.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { In, LessThan, type EntityManager, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { UploadedFile } from '../uploads/multipart.js';
import { Garment } from './entities/garment.entity.js';

/** The files a garment has (`:variant` of its byte routes). */
export const GARMENT_FILE_VARIANTS = ['original', 'cropped'] as const;
export type GarmentFileVariant = (typeof GARMENT_FILE_VARIANTS)[number];

/** A step of a product's delete, in its transaction, given the row as it was (its name, its owner). */
export type BeforeProductRemoved = (tx: EntityManager, garment: Garment) => Promise<unknown>;

@Injectable()
export class GarmentsService {
  private readonly removalSteps: BeforeProductRemoved[] = [];

  constructor(
    @InjectRepository(Garment) private readonly garments: Repository<Garment>,
    private readonly storage: ObjectStorage,
    private readonly images: GarmentImages,
    private readonly urls: MediaUrls,
  ) {}

  /** Stores the object first and the row second, so a row never points at nothing. */
  async upload(userId: number, file: UploadedFile, category: GarmentCategory = DEFAULT_GARMENT_CATEGORY): Promise<GarmentRecord> {
    const image = await this.images.normalizeUpload(file.buffer, 'The garment photo');
    const id = await reserveId(this.garments);
    const key = objectKey({ userId, kind: 'garments', id, variant: 'original', ext: image.ext });
    await this.storage.put(key, image.data, image.contentType);
    const garment: Garment = {
      id,
      userId,
      filename: file.originalname,
      name: productName(file.originalname),
      category,
      originalPath: key,
      croppedPath: null,
      cropData: null,
      objectStorageKey: key,
      croppedObjectStorageKey: null,
      isObjectStorage: true,
      width: image.width,
      height: image.height,
      uploadedAt: new Date(),
    };
    await this.storage.removeIfFails([key], () => this.garments.insert(garment));
    return this.toRecord(garment);
  }

  async get(userId: number, id: number): Promise<GarmentRecord> {
    return this.toRecord(await this.findOwned(userId, id));
  }

  /** The product library: the seller's garments, newest first (the cursor is the last id seen). */
  async list(userId: number, limit: number, cursor?: number): Promise<GarmentsPage> {
    const [rows, total] = await Promise.all([
      this.garments.find({ where: cursor ? { userId, id: LessThan(cursor) } : { userId }, order: { id: 'DESC' }, take: limit + 1 }),
      this.garments.countBy({ userId }),
    ]);
    const page = rows.slice(0, limit);
    return { garments: page.map((row) => this.toRecord(row)), nextCursor: rows.length > limit ? String(page[page.length - 1].id) : null, total };
  }

  /** Renames the product or changes its category. */
  async update(userId: number, id: number, changes: UpdateGarmentRequest): Promise<GarmentRecord> {
    const garment = await this.findOwned(userId, id);
    const update: Partial<Garment> = {
      ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
      ...(changes.category !== undefined ? { category: changes.category } : {}),
    };
    if (Object.keys(update).length) await this.garments.update({ id, userId }, update);
    return this.toRecord({ ...garment, ...update });
  }

  /**
   * What another module does in the transaction that deletes a product, before its row goes (the
   * gallery keeps the product's last name on its results). Registered once, at start.
   */
  beforeRemove(step: BeforeProductRemoved): void {
    this.removalSteps.push(step);
  }

  /**
   * Deletes the product: the row first (no URL can be signed for its files after), then its files. Its
   * results stay in the gallery. Locked, as a crop or a replacement takes the row: the files removed are
   * the ones the row held when it went, and a crop or replacement that comes after finds no row (404)
   * and removes its own file.
   */
  async remove(userId: number, id: number): Promise<void> {
    const garment = await this.changeLocked(userId, id, async (repository, current) => {
      for (const step of this.removalSteps) await step(repository.manager, current);
      await repository.delete({ id, userId });
    });
    await this.storage.removeAll([garment.objectStorageKey, garment.croppedObjectStorageKey]);
  }

  /**
   * Replacing the garment photo keeps its id and clears the crop (spec §4). The owner is
   * checked before the upload is read. The new photo goes under a fresh key, the row is
   * switched to it, and only then are the old photo and crop removed: a failure on the way
   * leaves the row and the bytes it describes as they were.
   */
  async replace(userId: number, id: number, readFile: () => Promise<UploadedFile>): Promise<GarmentRecord> {
    await this.findOwned(userId, id);
    const file = await readFile();
    const image = await this.images.normalizeUpload(file.buffer, 'The garment photo');
    const key = objectKey({ userId, kind: 'garments', id, variant: 'original', ext: image.ext, version: newObjectVersion() });
    await this.storage.put(key, image.data, image.contentType);
    const changes: Partial<Garment> = {
      filename: file.originalname,
      originalPath: key,
      objectStorageKey: key,
      width: image.width,
      height: image.height,
      cropData: null,
      croppedPath: null,
      croppedObjectStorageKey: null,
      uploadedAt: new Date(),
    };
    // Locked, so two replacements at once each remove exactly the files they displaced. A product
    // never renamed is still called after its file, so it takes the new file's name (the library
    // listed a bottle as "blue-shirt"); a name the seller chose stays.
    const before = await this.storage.removeIfFails([key], () =>
      this.changeLocked(userId, id, (repository, current) => {
        if (current.name === productName(current.filename)) changes.name = productName(file.originalname);
        return repository.update({ id, userId }, changes);
      }),
    );
    await this.storage.removeAll([before.croppedObjectStorageKey, before.objectStorageKey].filter((k) => k !== key));
    return this.toRecord({ ...before, ...changes });
  }

  /**
   * The crop as a 960×960 PNG on white (spec §5, §9); the crop data is kept with it. Each crop is a
   * file of its own, and the row takes it only if it still shows the photo that was cropped (locked,
   * as a replacement is): a crop that lost the race to a replacement answers 409 and removes its own
   * file, so the row never points at a crop that was removed or made from another photo.
   */
  async crop(userId: number, id: number, crop: CropData): Promise<GarmentRecord> {
    const garment = await this.findOwned(userId, id);
    const plan = planGarmentCrop(crop, garment.width, garment.height, TARGET_IMAGE_SIZE);
    if (!plan) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'The crop lies entirely outside the garment photo');
    const original = await this.storage.findBytes(garment.objectStorageKey!);
    // its photo went meanwhile: replaced (409), or the product deleted (404)
    if (!original) throw (await this.isOwned(userId, id)) ? replacedWhileCropping(id) : notFound(id);
    const cropped = await this.images.garmentCrop(original, plan);
    const key = objectKey({ userId, kind: 'garments', id, variant: 'cropped', ext: 'png', version: newObjectVersion() });
    await this.storage.put(key, cropped.data, cropped.contentType);
    const cropData: CropData = {
      x: crop.x, y: crop.y, width: crop.width, height: crop.height, naturalWidth: crop.naturalWidth, naturalHeight: crop.naturalHeight,
    };
    const changes: Partial<Garment> = { cropData, croppedPath: key, croppedObjectStorageKey: key };
    const before = await this.storage.removeIfFails([key], () =>
      this.changeLocked(userId, id, (repository, current) => {
        if (current.objectStorageKey !== garment.objectStorageKey) throw replacedWhileCropping(id);
        return repository.update({ id, userId }, changes);
      }),
    );
    // The crop it displaced (an earlier crop of the same photo) goes only now.
    if (before.croppedObjectStorageKey !== key) await this.storage.removeAll([before.croppedObjectStorageKey]);
    return this.toRecord({ ...before, ...changes });
  }

  /** The key of one of the garment's files, for svc-generation's byte routes. */
  async fileKey(userId: number, id: number, variant: GarmentFileVariant): Promise<string> {
    const garment = await this.findOwned(userId, id);
    const key = variant === 'cropped' ? garment.croppedObjectStorageKey : garment.objectStorageKey;
    if (!key) throw new ApiException(404, ErrorCode.NOT_FOUND, `Garment ${id} has not been cropped yet`);
    return key;
  }

  /**
   * The name of the user's product (null when it is not theirs, or gone) as a subquery of another
   * domain's statement: a result's save asks it with its other lookups at once.
   */
  nameQuery(userId: number, id: number | null): (query: SelectQueryBuilder<ObjectLiteral>) => SelectQueryBuilder<ObjectLiteral> {
    return (query) => query.select('garment.name').from(Garment, 'garment').where('garment.id = :garmentId AND garment.userId = :garmentOwnerId', { garmentId: id, garmentOwnerId: userId });
  }

  /** The names of those of these products that are the user's and still exist, by id: what their results are called now. */
  async names(userId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.garments.find({ where: { userId, id: In([...new Set(ids)]) }, select: { id: true, name: true } });
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Whether the garment exists and is the user's (a result or the workspace may only point at their own). */
  isOwned(userId: number, id: number): Promise<boolean> {
    return this.garments.existsBy({ id, userId });
  }

  /**
   * Reads the garment's row locked (404 when it is gone) and lets `change` write in the same
   * transaction; answers the row as it was. Replacements, crops and deletes of one garment are
   * ordered here, so each removes exactly the files it displaced.
   */
  private changeLocked(userId: number, id: number, change: (repository: Repository<Garment>, current: Garment) => Promise<unknown>): Promise<Garment> {
    return this.garments.manager.transaction(async (tx) => {
      const repository = tx.getRepository(Garment);
      const current = await repository.findOne({ where: { id, userId }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw notFound(id);
      await change(repository, current);
      return current;
    });
  }

  /** Another user's garment is as absent as a missing one. */
  private async findOwned(userId: number, id: number): Promise<Garment> {
    const garment = await this.garments.findOneBy({ id, userId });
    if (!garment) throw notFound(id);
    return garment;
  }

  private toRecord(garment: Garment): GarmentRecord {
    return {
      id: garment.id,
      name: garment.name,
      filename: garment.filename,
      category: garment.category,
      width: garment.width,
      height: garment.height,
      url: this.urls.sign(garment.objectStorageKey!),
      croppedUrl: this.urls.signOrNull(garment.croppedObjectStorageKey),
      cropData: garment.cropData,
      uploadedAt: garment.uploadedAt.toISOString(),
    };
  }
}

/** Another user's garment is as absent as a missing one. */
function notFound(id: number): ApiException {
  return new ApiException(404, ErrorCode.NOT_FOUND, `Garment ${id} not found`);
}

/** The photo being cropped was replaced meanwhile: the crop describes a photo that is gone. */
function replacedWhileCropping(id: number): ApiException {
  return new ApiException(409, ErrorCode.CONFLICT, `Garment ${id} was replaced while it was being cropped; crop the new photo`);
}

/** A new product's name: its file's name without the extension (the file's name when that leaves nothing). */
export function productName(filename: string): string {
  const name = filename.replace(/\.[^.]*$/, '').trim() || filename.trim() || 'Product';
  return name.slice(0, MAX_GARMENT_NAME_LENGTH);
}
