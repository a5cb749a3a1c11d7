import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ErrorCode, type GeneratedImageRecord, type GeneratedImagesPage } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { pipeline, type Readable } from 'node:stream';
import { In, LessThan, type Repository } from 'typeorm';
import { MediaConfig } from '../config/media.config.js';
import { DEFAULT_PAGE_SIZE } from '../paging/page-query.js';
import { NEXT_ID, nextIdParameters, reserveId } from '../tables/reserve-id.js';
import { MediaUrls } from '../files/media-urls.service.js';
import { GarmentsService, productName as nameOfFile } from '../garments/garments.service.js';
import { ResultImages } from '../images/result-images.js';
import { ModelsService } from '../models/models.service.js';
import { CONTENT_TYPES, objectKey } from '../storage/object-keys.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { decodeImageDataUrl } from './data-url.js';
import type { GeneratedImageFieldsDto, SaveGeneratedImageDto } from './dto/generated-image.dto.js';
import { GeneratedImage } from './entities/generated-image.entity.js';
import { TryOnResult } from './entities/try-on-result.entity.js';

/** A result PNG stored as it arrived (GeneratedImagesService.receivePng), its row not yet written. */
export interface ReceivedPng {
  id: number;
  key: string;
  width: number;
  height: number;
}

/**
 * Where svc-generation's worker writes a result itself (one hop: worker → object storage): the id
 * the result will keep, a presigned PUT for its PNG and one for its WebP thumbnail, and `grant`,
 * the seal that ties the id to the account and the idempotency key when the save is asked for.
 */
export interface ResultUpload {
  id: number;
  grant: string;
  pngUrl: string;
  thumbnailUrl: string;
  /** How long, from now, the URLs and the grant stay good. */
  expiresInSeconds: number;
}

/** How long the worker has to write its result after asking (it writes at once; a restart of the save asks again). */
const RESULT_UPLOAD_SECONDS = 10 * 60;
/** The first bytes of a stored result read to check it: the signature, IHDR, the colour chunks (an ICC profile), the first IDAT's header. */
const RESULT_HEAD_BYTES = 64 * 1024;
/** First key of the advisory lock that orders one seller's saves while their next number is taken. */
const RESULT_NUMBER_LOCK = 21;

/** What a result is called after, kept with it: its product's name and its model photo's file name. */
export interface ResultNames {
  productName: string | null;
  modelFilename: string | null;
}

/**
 * What a save looks up before it stores anything (GeneratedImagesService.lookUpSave): the image
 * saved earlier under its idempotency key, and the names of the product and model photo it names,
 * each null when that product or photo is not the seller's (the save refuses it).
 */
export interface SaveLookup {
  saved: GeneratedImageRecord | null;
  names: ResultNames;
}

@Injectable()
export class GeneratedImagesService {
  constructor(
    @InjectRepository(GeneratedImage) private readonly generatedImages: Repository<GeneratedImage>,
    private readonly storage: ObjectStorage,
    private readonly images: ResultImages,
    private readonly urls: MediaUrls,
    private readonly config: MediaConfig,
    private readonly garments: GarmentsService,
    private readonly models: ModelsService,
  ) {
    // A deleted product's results keep the last name the seller gave it (their rows answer for it
    // from then on), not the one it had when each was saved. Written as a save writes it.
    garments.beforeRemove((tx, garment) =>
      tx.update(GeneratedImage, { userId: garment.userId, garmentId: garment.id }, { productName: garment.name, garmentFilename: garment.name }),
    );
  }

  /**
   * Newest first, by the seller's result number (the order they were saved in; ids are reserved
   * before saving, so two saves at once may take ids in the other order). The cursor is the last
   * number seen.
   */
  /** Those of the seller's images (another seller's or a deleted one is left out), newest first: how svc-generation signs a run's results again in one call. */
  async listByIds(userId: number, ids: number[]): Promise<GeneratedImagesPage> {
    const rows = ids.length ? await this.generatedImages.find({ where: { userId, id: In(ids) }, order: { number: 'DESC' } }) : [];
    return { images: await this.toRecords(userId, rows), nextCursor: null, total: rows.length };
  }

  async list(userId: number, limit = DEFAULT_PAGE_SIZE, cursor?: number): Promise<GeneratedImagesPage> {
    const [rows, total] = await Promise.all([
      this.generatedImages.find({
        where: cursor ? { userId, number: LessThan(cursor) } : { userId },
        order: { number: 'DESC' },
        take: limit + 1,
      }),
      this.generatedImages.countBy({ userId }),
    ]);
    const page = rows.slice(0, limit);
    return {
      images: await this.toRecords(userId, page),
      nextCursor: rows.length > limit ? String(page[page.length - 1].number) : null,
      total,
    };
  }

  async get(userId: number, id: number): Promise<GeneratedImageRecord> {
    const [record] = await this.toRecords(userId, [await this.findOwned(userId, id)]);
    return record;
  }

  /** The image saved earlier under this idempotency key, if any. */
  async findByIdempotencyKey(userId: number, idempotencyKey: string): Promise<GeneratedImageRecord | null> {
    const image = await this.generatedImages.findOneBy({ userId, idempotencyKey });
    return image ? (await this.toRecords(userId, [image]))[0] : null;
  }

  /**
   * What a save needs to know before it stores anything, in one statement (SaveLookup): the image
   * saved under `idempotencyKey` (none without a key), the names of the product and model photo.
   */
  async lookUpSave(userId: number, fields: GeneratedImageFieldsDto, idempotencyKey?: string): Promise<SaveLookup> {
    const garmentId = fields.garmentId ?? null;
    const modelId = fields.modelId ?? null;
    if (idempotencyKey === undefined && garmentId === null && modelId === null) return { saved: null, names: { productName: null, modelFilename: null } };
    const row = await this.savedUnder(userId, idempotencyKey ?? null)
      .addSelect(this.garments.nameQuery(userId, garmentId), 'productName')
      .addSelect(this.models.filenameQuery(userId, modelId), 'modelFilename')
      .getRawOne<{ savedId: number | null } & ResultNames>();
    const saved = row?.savedId ? await this.generatedImages.findOneBy({ id: row.savedId, userId }) : null;
    return { saved: saved ? (await this.toRecords(userId, [saved]))[0] : null, names: { productName: row?.productName ?? null, modelFilename: row?.modelFilename ?? null } };
  }

  /** The browser's save (spec §7): the image arrives as a data URL. */
  async saveDataUrl(userId: number, request: SaveGeneratedImageDto): Promise<GeneratedImageRecord> {
    const bytes = decodeImageDataUrl(request.imageUrl, this.config.MAX_DATA_URL_BYTES);
    return this.save(userId, bytes, request, false);
  }

  /**
   * Stores a result as PNG (without metadata; see ResultImages.resultWithThumbnail) with a WebP thumbnail, then its row (and, for svc-generation's
   * try-ons, the try_on_results row) in one transaction; objects are removed if that fails.
   */
  async save(userId: number, bytes: Buffer, fields: GeneratedImageFieldsDto, tryOnResult: boolean): Promise<GeneratedImageRecord> {
    const references = this.references(fields, tryOnResult);
    const names = ownedNames(references, (await this.lookUpSave(userId, fields)).names);
    const { image, thumbnail: thumb } = await this.images.resultWithThumbnail(bytes);
    const id = await reserveId(this.generatedImages);
    const key = objectKey({ userId, kind: 'generated', id, variant: 'full', ext: 'png' });
    const thumbKey = objectKey({ userId, kind: 'generated', id, variant: 'thumb', ext: thumb.ext });
    return this.storage.removeIfFails([key, thumbKey], async () => {
      // Both objects at once (the result's megabytes hide the thumbnail's), each settled before any clean-up below.
      const puts = await Promise.allSettled([this.storage.put(key, image.data, image.contentType), this.storage.put(thumbKey, thumb.data, thumb.contentType)]);
      const failed = puts.find((p): p is PromiseRejectedResult => p.status === 'rejected');
      if (failed) throw failed.reason;
      const row = this.newRow(userId, id, key, thumbKey, image, fields, names);
      await this.insert(row, tryOnResult);
      return this.toRecord(row);
    });
  }

  /**
   * svc-generation's result PNG, stored as it streams in (under the id it will keep) after the
   * checks of ResultImages.resultPngFilter: the PNG is never held whole here, and a refused one
   * leaves nothing visible. Then saveReceived (or discardReceived) with what this answers.
   */
  async receivePng(userId: number, bytes: Readable): Promise<ReceivedPng> {
    const id = await reserveId(this.generatedImages);
    const key = objectKey({ userId, kind: 'generated', id, variant: 'full', ext: 'png' });
    const filter = this.images.resultPngFilter('The image');
    // A failure on either side destroys both; putStream sees it while reading `filter`.
    pipeline(bytes, filter, () => undefined);
    try {
      await this.storage.putStream(key, filter, CONTENT_TYPES.png);
    } catch (error) {
      throw this.images.refusedResultPng(error, filter.received);
    }
    const header = filter.header!;
    return { id, key, width: header.width, height: header.height };
  }

  /**
   * A received PNG's row and thumbnail, as save does for bytes; every object is removed if that
   * fails. `looked`: lookUpSave's names for these fields.
   */
  async saveReceived(userId: number, png: ReceivedPng, fields: GeneratedImageFieldsDto, idempotencyKey: string, looked: ResultNames, thumbnail?: Buffer): Promise<GeneratedImageRecord> {
    let thumbKey: string | undefined;
    try {
      const names = ownedNames(this.references(fields, true), looked);
      const thumb = await this.images.resultThumbnail(thumbnail, png.width, png.height, () => this.storage.getBytes(png.key));
      thumbKey = objectKey({ userId, kind: 'generated', id: png.id, variant: 'thumb', ext: thumb.ext });
      await this.storage.put(thumbKey, thumb.data, thumb.contentType);
      const row = this.newRow(userId, png.id, png.key, thumbKey, png, fields, names, idempotencyKey);
      await this.insert(row, true);
      return this.toRecord(row);
    } catch (error) {
      await this.storage.removeAll([png.key, thumbKey ?? null]);
      throw error;
    }
  }

  /**
   * The worker's result is about to be written: the image saved earlier under this key if there is
   * one (nothing to write), else an id and the presigned URLs to write it under (ResultUpload).
   */
  async grantResultUpload(userId: number, idempotencyKey: string): Promise<{ saved: GeneratedImageRecord } | { upload: ResultUpload }> {
    // One statement: the image saved under the key, else the id the result will keep.
    const looked = await this.savedUnder(userId, idempotencyKey)
      .addSelect(`CASE WHEN saved.id IS NULL THEN ${NEXT_ID} END`, 'id')
      .setParameters(nextIdParameters(this.generatedImages))
      .getRawOne<{ savedId: number | null; id: number | null }>();
    const saved = looked?.savedId ? await this.generatedImages.findOneBy({ id: looked.savedId, userId }) : null;
    if (saved) return { saved: (await this.toRecords(userId, [saved]))[0] };
    // The image under the key was deleted between the two statements: no id was taken.
    const id = looked?.id ?? (await reserveId(this.generatedImages));
    const [pngUrl, thumbnailUrl] = await Promise.all([
      this.storage.signedPutUrl(resultKeys(userId, id).png, RESULT_UPLOAD_SECONDS),
      this.storage.signedPutUrl(resultKeys(userId, id).thumbnail, RESULT_UPLOAD_SECONDS),
    ]);
    const expiresInSeconds = Math.min(RESULT_UPLOAD_SECONDS, this.urls.ttlSeconds);
    return { upload: { id, grant: this.urls.seal(uploadSubject(userId, id, idempotencyKey)), pngUrl, thumbnailUrl, expiresInSeconds } };
  }

  /**
   * The row of a result the worker wrote under a granted upload, once what it wrote is checked: the
   * PNG by its head and tail (ResultImages.storedResultPng: a whole PNG, no metadata, within the
   * pixel limit and MAX_UPLOAD_BYTES), the thumbnail whole (a WebP of the result's fitted size). All
   * or nothing: whatever is refused or fails, both objects are removed, and no row points at them,
   * unless a row does: the same save sent again while the first was still running (a retry after a
   * timeout) loses the unique index to it, and the objects are the first one's.
   * `looked`: lookUpSave's names for these fields.
   */
  async saveUploaded(
    userId: number,
    upload: { id: number; grant: string },
    fields: GeneratedImageFieldsDto,
    idempotencyKey: string,
    looked: ResultNames,
  ): Promise<GeneratedImageRecord> {
    if (this.urls.opened(uploadSubject(userId, upload.id, idempotencyKey), upload.grant) !== 'valid') {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, 'The upload grant is not valid for this result (expired, or for another id or key)');
    }
    const keys = resultKeys(userId, upload.id);
    try {
      const names = ownedNames(this.references(fields, true), looked);
      const [head, thumbnail] = await Promise.all([
        this.storage.readRange(keys.png, `bytes=0-${RESULT_HEAD_BYTES - 1}`),
        this.storage.readRange(keys.thumbnail, `bytes=0-${this.config.MAX_UPLOAD_BYTES}`),
      ]);
      if (!head) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'The image was not written to its upload URL');
      if (head.size > this.config.MAX_UPLOAD_BYTES) {
        throw new ApiException(413, ErrorCode.PAYLOAD_TOO_LARGE, `The image is ${head.size} bytes; the limit is ${this.config.MAX_UPLOAD_BYTES}`);
      }
      // Its last 12 bytes, by offset (a suffix range is not understood everywhere).
      const tail = head.size <= head.bytes.length ? { bytes: head.bytes.subarray(-12) } : await this.storage.readRange(keys.png, `bytes=${head.size - 12}-${head.size - 1}`);
      const png = this.images.storedResultPng(head.bytes, tail?.bytes ?? Buffer.alloc(0));
      if (!thumbnail) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'The thumbnail was not written to its upload URL');
      // Stored as written once its header shows a WebP of the result's fitted size (never decoded).
      await this.images.resultThumbnail(thumbnail.bytes, png.width, png.height, () => Promise.reject(new Error('a thumbnail was given')));
      const row = this.newRow(userId, upload.id, keys.png, keys.thumbnail, png, fields, names, idempotencyKey);
      await this.insert(row, true);
      return this.toRecord(row);
    } catch (error) {
      // Whatever failed (the unique index, a read, a deleted garment), the objects may be a committed
      // row's: the same save sent twice, the first already recorded. Unknown (the database away): kept.
      const recorded = await this.generatedImages.existsBy({ id: upload.id, userId }).catch(() => true);
      if (!recorded) await this.storage.removeAll([keys.png, keys.thumbnail]);
      throw error;
    }
  }

  /**
   * A granted upload that will not be saved (an earlier save under its key won): its objects go, if
   * its grant names them (an expired one too: the worker's own upload); never another image's.
   */
  async discardUpload(userId: number, upload: { id: number; grant: string }, idempotencyKey: string): Promise<void> {
    if (this.urls.opened(uploadSubject(userId, upload.id, idempotencyKey), upload.grant) === 'invalid') return;
    const keys = resultKeys(userId, upload.id);
    await this.storage.removeAll([keys.png, keys.thumbnail]);
  }

  /** A received PNG that will not be saved (a repeated idempotency key, a refused request). */
  async discardReceived(png: ReceivedPng): Promise<void> {
    await this.storage.removeAll([png.key]);
  }

  private references(fields: GeneratedImageFieldsDto, tryOnResult: boolean): { garmentId: number | null; modelId: number | null } {
    const garmentId = fields.garmentId ?? null;
    const modelId = fields.modelId ?? null;
    if (tryOnResult && (!garmentId || !modelId)) {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, 'A try-on result needs both garmentId and modelId');
    }
    return { garmentId, modelId };
  }

  private newRow(
    userId: number,
    id: number,
    key: string,
    thumbKey: string,
    image: { width: number; height: number },
    fields: GeneratedImageFieldsDto,
    { modelFilename, productName }: ResultNames,
    idempotencyKey?: string,
  ): GeneratedImage {
    return {
      id,
      userId,
      imageUrl: `s3://${this.storage.bucket}/${key}`,
      imagePath: key,
      garmentId: fields.garmentId ?? null,
      modelId: fields.modelId ?? null,
      prompt: fields.prompt ?? null,
      metadata: (fields.metadata as Record<string, unknown> | undefined) ?? null,
      generationType: fields.generationType ?? 'vton',
      objectStorageKey: key,
      thumbnailObjectStorageKey: thumbKey,
      isObjectStorage: true,
      width: image.width,
      height: image.height,
      createdAt: new Date(),
      number: 0, // set in insert()
      modelFilename,
      productName,
      garmentFilename: productName,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    };
  }

  /**
   * The row with the seller's next number and, for a try-on, its try_on_results row (copied from it)
   * in one statement, after the lock that makes saves of one seller take turns (workers save in
   * parallel). The lock is a statement of its own: the INSERT's snapshot, taken after it, sees every
   * number taken before (one taken inside the INSERT would not).
   */
  private async insert(row: GeneratedImage, tryOnResult: boolean): Promise<void> {
    await this.generatedImages.manager.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [RESULT_NUMBER_LOCK, row.userId]);
      const images = tx.getRepository(GeneratedImage);
      const next = images.createQueryBuilder('last').select('COALESCE(MAX(last.number), 0) + 1').where('last.userId = :userId');
      const image = images
        .createQueryBuilder()
        .insert()
        .values({ ...row, number: () => `(${next.getQuery()})` })
        .returning(['id', 'userId', 'garmentId', 'modelId', 'objectStorageKey', 'metadata', 'number']);
      const statement = tx.createQueryBuilder().addCommonTableExpression(image, 'image');
      if (tryOnResult) {
        const result = tx
          .createQueryBuilder()
          .insert()
          .into(TryOnResult, ['userId', 'garmentId', 'modelId', 'resultPath', 'generatedImageId', 'metadata'])
          .valuesFromSelect((select) => select.select(['userId', 'garmentId', 'modelId', 'objectStorageKey', 'id', 'metadata'].map((column) => `image.${select.escape(column)}`)).from('image', 'image'));
        statement.addCommonTableExpression(result, 'result');
      }
      const inserted = await statement.select('image.number', 'number').from('image', 'image').setParameter('userId', row.userId).getRawOne<{ number: number }>();
      row.number = inserted!.number;
    });
  }

  /** The row first (no URL can be signed for it afterwards), then its objects. */
  async remove(userId: number, id: number): Promise<void> {
    const image = await this.findOwned(userId, id);
    await this.generatedImages.delete({ id, userId });
    await this.storage.removeAll([image.objectStorageKey, image.thumbnailObjectStorageKey]);
  }

  /** One row, whether or not an image was saved under the key (`savedId`): a lookup joins what else it asks to it. */
  private savedUnder(userId: number, idempotencyKey: string | null) {
    return this.generatedImages.manager
      .createQueryBuilder()
      .fromDummy()
      .leftJoin(GeneratedImage, 'saved', 'saved.userId = :userId AND saved.idempotencyKey = :idempotencyKey', { userId, idempotencyKey })
      .select('saved.id', 'savedId');
  }

  private async findOwned(userId: number, id: number): Promise<GeneratedImage> {
    const image = await this.generatedImages.findOneBy({ id, userId });
    if (!image) throw new ApiException(404, ErrorCode.NOT_FOUND, `Generated image ${id} not found`);
    return image;
  }

  /** The seller's rows as records, each naming its product as the library calls it now (its last name once it is deleted). */
  private async toRecords(userId: number, images: GeneratedImage[]): Promise<GeneratedImageRecord[]> {
    const productNames = await this.garments.names(userId, images.flatMap((image) => (image.garmentId ? [image.garmentId] : [])));
    return images.map((image) => this.toRecord(image, productNames));
  }

  /** `productNames`: the products' names now, by id; without them the row's own (a row just saved has the name it was looked up with). */
  private toRecord(image: GeneratedImage, productNames?: ReadonlyMap<number, string>): GeneratedImageRecord {
    return {
      id: image.id,
      imageUrl: this.urls.sign(image.objectStorageKey!),
      thumbnailUrl: this.urls.sign(image.thumbnailObjectStorageKey ?? image.objectStorageKey!),
      width: image.width,
      height: image.height,
      garmentId: image.garmentId,
      modelId: image.modelId,
      prompt: image.prompt,
      generationType: image.generationType,
      metadata: image.metadata,
      createdAt: image.createdAt.toISOString(),
      number: image.number,
      modelFilename: image.modelFilename ?? null,
      productName:
        (image.garmentId ? productNames?.get(image.garmentId) : undefined) ?? image.productName ?? (image.garmentFilename ? nameOfFile(image.garmentFilename) : null),
    };
  }
}

/** A result may only point at the seller's own product and model photo: their names (what the result is called after), as looked up. */
function ownedNames({ garmentId, modelId }: { garmentId: number | null; modelId: number | null }, looked: ResultNames): ResultNames {
  if (garmentId && looked.productName === null) throw new ApiException(400, ErrorCode.INVALID_INPUT, `garmentId ${garmentId} is not one of your garments`);
  if (modelId && looked.modelFilename === null) throw new ApiException(400, ErrorCode.INVALID_INPUT, `modelId ${modelId} is not one of your model photos`);
  return looked;
}

/** The keys a worker's result is written under: the gallery's own (`<user>/generated/<id>-full.png`, `-thumb.webp`). */
function resultKeys(userId: number, id: number): { png: string; thumbnail: string } {
  return {
    png: objectKey({ userId, kind: 'generated', id, variant: 'full', ext: 'png' }),
    thumbnail: objectKey({ userId, kind: 'generated', id, variant: 'thumb', ext: 'webp' }),
  };
}

/** What a grant seals: this account's id, for this idempotency key. */
const uploadSubject = (userId: number, id: number, idempotencyKey: string) => `try-on-upload\n${userId}\n${id}\n${idempotencyKey}`;
