import { Injectable, Logger } from '@nestjs/common';
import { Client } from 'minio';
import type { Readable } from 'node:stream';
import { MediaConfig } from '../config/media.config.js';

/** S3's smallest part of a multipart upload (all but the last part): what putStream holds at a time. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * The one adapter to object storage (MinIO/S3 in production, the embedded S3 server
 * locally). Path-style addressing, so any S3-protocol server works without DNS tricks.
 */
@Injectable()
export class ObjectStorage {
  private readonly logger = new Logger('ObjectStorage');
  private readonly client: Client;
  readonly bucket: string;

  constructor(config: MediaConfig) {
    const endpoint = new URL(config.S3_ENDPOINT);
    const useSSL = endpoint.protocol === 'https:';
    this.client = new Client({
      endPoint: endpoint.hostname,
      port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
      region: config.S3_REGION,
      pathStyle: true,
    });
    this.bucket = config.S3_BUCKET;
  }

  /** Throws when the bucket is unreachable or missing: what readiness asks. */
  async assertBucket(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`bucket ${this.bucket} does not exist`);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  /**
   * Stores bytes that arrive as a stream, without holding them whole, and answers how many there
   * were. The minio client's putObject would read a stream shorter than its 64 MB part into memory
   * first; here each 5 MB part goes up while the next streams in (one part in flight). The object
   * appears only when the stream ended without an error: a failed stream aborts the multipart upload,
   * so no part of it is ever visible under `key`. A stream shorter than one part is one PUT.
   *
   * `head`, when given, answers bytes that go before the stream's and are known only once it ended
   * (a WebP's RIFF header holds the length of what follows it): the first part is then held back and
   * sent last, as part 1.
   */
  async putStream(key: string, body: AsyncIterable<Buffer>, contentType: string, head?: () => Buffer): Promise<number> {
    let uploadId: string | undefined;
    const parts: { part: number; etag: string }[] = [];
    let nextPart = head ? 2 : 1;
    let first: Buffer | undefined;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let inFlight: Promise<void> = Promise.resolve();
    const send = (part: Buffer, number: number, id: string) => {
      inFlight = inFlight.then(async () => {
        const { etag } = await this.client.uploadPart({ bucketName: this.bucket, objectName: key, uploadID: id, partNumber: number, headers: { 'Content-Length': part.length } }, part);
        parts.push({ part: number, etag });
      });
      // Awaited before the next part or at the end; meanwhile a failure must not count as unhandled.
      inFlight.catch(() => undefined);
    };
    const takePending = () => {
      const part = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      return part;
    };
    try {
      for await (const chunk of body) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        size += chunk.length;
        if (pendingBytes < PART_BYTES) continue;
        uploadId ??= await this.client.initiateNewMultipartUpload(this.bucket, key, { 'Content-Type': contentType });
        if (head && !first) {
          first = takePending();
          continue;
        }
        await inFlight;
        send(takePending(), nextPart++, uploadId);
      }
      const before = head?.() ?? Buffer.alloc(0);
      size += before.length;
      if (!uploadId) {
        await this.put(key, Buffer.concat([before, takePending()]), contentType);
        return size;
      }
      await inFlight;
      if (pendingBytes > 0) send(takePending(), nextPart++, uploadId);
      if (first) send(Buffer.concat([before, first]), 1, uploadId);
      await inFlight;
      await this.client.completeMultipartUpload(this.bucket, key, uploadId, [...parts].sort((a, b) => a.part - b.part));
      return size;
    } catch (error) {
      if (uploadId) {
        await inFlight.catch(() => undefined);
        const id = uploadId;
        // Parts of an aborted upload are never an object; a server that cannot abort keeps them until its clean-up rule.
        await this.client.abortMultipartUpload(this.bucket, key, id).catch((abortError: Error) => this.logger.warn(`Multipart upload ${id} of ${key} not aborted: ${abortError.message}`));
      }
      throw error;
    }
  }

  /**
   * A URL that reads one object straight from object storage for `seconds` (an S3 presigned GET,
   * signed here without a request). Whoever holds it reads that object and nothing else.
   */
  signedGetUrl(key: string, seconds: number): Promise<string> {
    return this.client.presignedGetObject(this.bucket, key, seconds);
  }

  /**
   * A URL that writes one object straight into object storage for `seconds` (an S3 presigned PUT):
   * svc-generation's worker stores its result there itself. Whoever holds it can write that key and
   * no other; what was written is checked before any row points at it.
   */
  signedPutUrl(key: string, seconds: number): Promise<string> {
    return this.client.presignedPutObject(this.bucket, key, seconds);
  }

  /**
   * Part of an object (an HTTP `Range`, e.g. `bytes=0-4095` or `bytes=-12`) and the object's whole
   * size, in one request; null when there is no such object.
   */
  async readRange(key: string, range: string): Promise<{ bytes: Buffer; size: number } | null> {
    const res = await fetch(await this.signedGetUrl(key, 60), { headers: { range } });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (res.status !== 206 && res.status !== 200) {
      await res.body?.cancel();
      throw new Error(`object storage answered ${res.status} to a read of ${key}`);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
    return { bytes, size: total ? Number(total) : bytes.length };
  }

  get(key: string): Promise<Readable> {
    return this.client.getObject(this.bucket, key);
  }

  async getBytes(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The object's bytes, or null when there is none (removed meanwhile, e.g. by a replacement). */
  async findBytes(key: string): Promise<Buffer | null> {
    try {
      return await this.getBytes(key);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Size, ETag and type of an object, or null when there is none. */
  async stat(key: string): Promise<{ size: number; etag: string; contentType?: string } | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      return { size: stat.size, etag: stat.etag, contentType: stat.metaData?.['content-type'] as string | undefined };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, key);
  }

  /**
   * Removes every key given, best effort: an object left behind costs storage, never
   * access (URLs are only signed for keys found in a row). Those left behind are logged.
   */
  async removeAll(keys: (string | null | undefined)[]): Promise<void> {
    const failed: string[] = [];
    // One at a time: the embedded S3 server races on its folders when removing in parallel.
    for (const key of keys) {
      if (key) await this.remove(key).catch(() => failed.push(key));
    }
    if (failed.length) this.logger.warn(`Objects left behind (remove failed): ${failed.join(', ')}`);
  }

  /**
   * Runs `write` (what makes rows point at the objects just stored under `keys`); if it fails, those
   * objects are removed (removeAll) before its error goes on, so no object is left that no row describes.
   */
  async removeIfFails<T>(keys: (string | null | undefined)[], write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await this.removeAll(keys);
      throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey';
}
