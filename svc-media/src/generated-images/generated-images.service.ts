import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ErrorCode, type GeneratedImageRecord, type GeneratedImagesPage } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { LessThan, type Repository } from 'typeorm';
import { MediaConfig } from '../config/media.config.js';
import { reserveId } from '../database/reserve-id.js';
import { MediaUrls } from '../files/media-urls.service.js';
import { GarmentsService } from '../garments/garments.service.js';
import { ImageProcessor } from '../images/image-processor.js';
import { ModelsService } from '../models/models.service.js';
import { objectKey } from '../storage/object-keys.js';
import { ObjectStorage } from '../storage/object-storage.service.js';
import { decodeImageDataUrl } from './data-url.js';
import type { GeneratedImageFieldsDto, SaveGeneratedImageDto } from './dto/generated-image.dto.js';
import { GeneratedImage } from './entities/generated-image.entity.js';
import { TryOnResult } from './entities/try-on-result.entity.js';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** First key of the advisory lock that orders one seller's saves while their next number is taken. */
const RESULT_NUMBER_LOCK = 21;

@Injectable()
export class GeneratedImagesService {
  private readonly logger = new Logger('GeneratedImagesService');

  constructor(
    @InjectRepository(GeneratedImage) private readonly generatedImages: Repository<GeneratedImage>,
    private readonly storage: ObjectStorage,
    private readonly images: ImageProcessor,
    private readonly urls: MediaUrls,
    private readonly config: MediaConfig,
    private readonly garments: GarmentsService,
    private readonly models: ModelsService,
  ) {}

  /**
   * Newest first, by the seller's result number (the order they were saved in; ids are reserved
   * before saving, so two saves at once may take ids in the other order). The cursor is the last
   * number seen.
   */
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
      images: page.map((row) => this.toRecord(row)),
      nextCursor: rows.length > limit ? String(page[page.length - 1].number) : null,
      total,
    };
  }

  async get(userId: number, id: number): Promise<GeneratedImageRecord> {
    return this.toRecord(await this.findOwned(userId, id));
  }

  /** The image saved earlier under this idempotency key, if any. */
  async findByIdempotencyKey(userId: number, idempotencyKey: string): Promise<GeneratedImageRecord | null> {
    const image = await this.generatedImages.findOneBy({ userId, idempotencyKey });
    return image ? this.toRecord(image) : null;
  }

  /** The browser's save (spec §7): the image arrives as a data URL. */
  async saveDataUrl(userId: number, request: SaveGeneratedImageDto): Promise<GeneratedImageRecord> {
    const bytes = decodeImageDataUrl(request.imageUrl, this.config.MAX_DATA_URL_BYTES);
    return this.save(userId, bytes, request, false);
  }

  /**
   * Stores a result as PNG (without metadata; see ImageProcessor.resultWithThumbnail) with a WebP thumbnail, then its row (and, for svc-generation's
   * try-ons, the try_on_results row) in one transaction; objects are removed if that fails.
   */
  async save(userId: number, bytes: Buffer, fields: GeneratedImageFieldsDto, tryOnResult: boolean, idempotencyKey?: string, thumbnail?: Buffer): Promise<GeneratedImageRecord> {
    const garmentId = fields.garmentId ?? null;
    const modelId = fields.modelId ?? null;
    if (tryOnResult && (!garmentId || !modelId)) {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, 'A try-on result needs both garmentId and modelId');
    }
    const modelFilename = await this.assertOwnedReferences(userId, garmentId, modelId);
    const { image, thumbnail: thumb } = await this.images.resultWithThumbnail(bytes, 'The image', thumbnail);
    const id = await reserveId(this.generatedImages);
    const key = objectKey({ userId, kind: 'generated', id, variant: 'full', ext: 'png' });
    const thumbKey = objectKey({ userId, kind: 'generated', id, variant: 'thumb', ext: thumb.ext });
    const row: GeneratedImage = {
      id,
      userId,
      imageUrl: `s3://${this.storage.bucket}/${key}`,
      imagePath: key,
      garmentId,
      modelId,
      prompt: fields.prompt ?? null,
      metadata: (fields.metadata as Record<string, unknown> | undefined) ?? null,
      generationType: fields.generationType ?? 'vton',
      objectStorageKey: key,
      thumbnailObjectStorageKey: thumbKey,
      isObjectStorage: true,
      width: image.width,
      height: image.height,
      createdAt: new Date(),
      number: 0, // set in the transaction below
      modelFilename,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    };
    try {
      // Both objects at once (the result's megabytes hide the thumbnail's), each settled before any clean-up below.
      const puts = await Promise.allSettled([this.storage.put(key, image.data, image.contentType), this.storage.put(thumbKey, thumb.data, thumb.contentType)]);
      const failed = puts.find((p): p is PromiseRejectedResult => p.status === 'rejected');
      if (failed) throw failed.reason;
      await this.generatedImages.manager.transaction(async (tx) => {
        const images = tx.getRepository(GeneratedImage);
        // the seller's next number: saves of one seller take turns here (workers save in parallel)
        await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [RESULT_NUMBER_LOCK, userId]);
        const last = await images.createQueryBuilder('image').select('MAX(image.number)', 'max').where('image.userId = :userId', { userId }).getRawOne<{ max: number | null }>();
        row.number = Number(last?.max ?? 0) + 1;
        await images.insert(row);
        if (tryOnResult) {
          await tx.getRepository(TryOnResult).insert({
            userId, garmentId: garmentId!, modelId: modelId!, resultPath: key, generatedImageId: id, metadata: row.metadata,
          });
        }
      });
    } catch (error) {
      await this.removeObjects([key, thumbKey]);
      throw error;
    }
    return this.toRecord(row);
  }

  /** The row first (no URL can be signed for it afterwards), then its objects. */
  async remove(userId: number, id: number): Promise<void> {
    const image = await this.findOwned(userId, id);
    await this.generatedImages.delete({ id, userId });
    await this.removeObjects([image.objectStorageKey, image.thumbnailObjectStorageKey]);
  }

  /** A result may only point at the user's own garment and model; answers the model photo's file name. */
  private async assertOwnedReferences(userId: number, garmentId: number | null, modelId: number | null): Promise<string | null> {
    if (garmentId && !(await this.garments.isOwned(userId, garmentId))) {
      throw new ApiException(400, ErrorCode.INVALID_INPUT, `garmentId ${garmentId} is not one of your garments`);
    }
    if (!modelId) return null;
    const filename = await this.models.filenameOf(userId, modelId);
    if (filename === null) throw new ApiException(400, ErrorCode.INVALID_INPUT, `modelId ${modelId} is not one of your model photos`);
    return filename;
  }

  private async findOwned(userId: number, id: number): Promise<GeneratedImage> {
    const image = await this.generatedImages.findOneBy({ id, userId });
    if (!image) throw new ApiException(404, ErrorCode.NOT_FOUND, `Generated image ${id} not found`);
    return image;
  }

  private toRecord(image: GeneratedImage): GeneratedImageRecord {
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
    };
  }

  private async removeObjects(keys: (string | null)[]): Promise<void> {
    const failed = await this.storage.removeAll(keys);
    if (failed.length) this.logger.warn(`Objects left behind (remove failed): ${failed.join(', ')}`);
  }
}
