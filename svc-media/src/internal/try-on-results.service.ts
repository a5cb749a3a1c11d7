import { Injectable } from '@nestjs/common';
import type { GeneratedImageRecord, ResultUploadGrant } from '@vton/contracts';
import { isUniqueViolation } from '@vton/service-kit';
import type { Readable } from 'node:stream';
import type { GeneratedImageFieldsDto, SaveUploadedResultDto } from '../generated-images/dto/generated-image.dto.js';
import { GeneratedImagesService, type ReceivedPng, type ResultNames } from '../generated-images/generated-images.service.js';

/**
 * A worker's try-on result, saved once per idempotency key: the gallery image and its
 * try_on_results row the first time, the same image on every repeat (a redelivered run). Two
 * saves racing with one key both store; the unique index keeps one row, and the loser's objects
 * are removed by the save itself before it answers the winner's image.
 */
@Injectable()
export class TryOnResultsService {
  constructor(private readonly images: GeneratedImagesService) {}

  /** The result's PNG, checked and stored as it streams in; then save (or discard) it. */
  receive(ownerId: number, bytes: Readable): Promise<ReceivedPng> {
    return this.images.receivePng(ownerId, bytes);
  }

  /** Where the worker writes its result itself (one hop), or the result saved earlier under this key. */
  grantUpload(ownerId: number, idempotencyKey: string): Promise<ResultUploadGrant> {
    return this.images.grantResultUpload(ownerId, idempotencyKey);
  }

  /**
   * The result the worker wrote under a granted upload, recorded once per idempotency key: the image
   * saved first answers every repeat (a retried save, a redelivered run), and a losing upload's
   * objects are removed.
   */
  async saveUploaded(ownerId: number, id: number, fields: SaveUploadedResultDto): Promise<GeneratedImageRecord> {
    const { grant, idempotencyKey, ...rest } = fields;
    return this.once(ownerId, rest, idempotencyKey, {
      // A repeat of the winner's own save must not remove its objects.
      discard: (saved) => (saved.id === id ? Promise.resolve() : this.images.discardUpload(ownerId, { id, grant }, idempotencyKey)),
      store: (names) => this.images.saveUploaded(ownerId, { id, grant }, { ...rest, generationType: 'vton' }, idempotencyKey, names),
    });
  }

  discard(png: ReceivedPng): Promise<void> {
    return this.images.discardReceived(png);
  }

  /**
   * `png`: the result as stored while it streamed in (GeneratedImagesService.receivePng); it is
   * removed again when an earlier save answers. `thumbnail`: the worker's WebP of the result, made
   * from the pixels it composed (else one is made here).
   */
  save(ownerId: number, png: ReceivedPng, fields: GeneratedImageFieldsDto, idempotencyKey: string, thumbnail?: Buffer): Promise<GeneratedImageRecord> {
    return this.once(ownerId, fields, idempotencyKey, {
      discard: () => this.images.discardReceived(png),
      store: (names) => this.images.saveReceived(ownerId, png, { ...fields, generationType: 'vton' }, idempotencyKey, names, thumbnail),
    });
  }

  /**
   * A save under an idempotency key, once. The image saved earlier under the key answers (looked up
   * before anything is read; `discard` removes what this save brought); otherwise `store` saves it.
   * Two saves of one key at once: the one that lost the unique index has removed its objects already
   * (unless they are the winner's: the same save sent twice) and answers the winner's image.
   */
  private async once(
    ownerId: number,
    fields: GeneratedImageFieldsDto,
    idempotencyKey: string,
    ours: { discard(saved: GeneratedImageRecord): Promise<void>; store(names: ResultNames): Promise<GeneratedImageRecord> },
  ): Promise<GeneratedImageRecord> {
    const { saved, names } = await this.images.lookUpSave(ownerId, fields, idempotencyKey);
    if (saved) {
      await ours.discard(saved);
      return saved;
    }
    try {
      return await ours.store(names);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.images.findByIdempotencyKey(ownerId, idempotencyKey);
      if (!winner) throw error;
      return winner;
    }
  }
}
