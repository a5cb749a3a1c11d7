import { Injectable } from '@nestjs/common';
import { Client } from 'minio';
import type { Readable } from 'node:stream';
import { MediaConfig } from '../config/media.config.js';

/**
 * The one adapter to object storage (MinIO/S3 in production, the embedded S3 server
 * locally). Path-style addressing, so any S3-protocol server works without DNS tricks.
 */
@Injectable()
export class ObjectStorage {
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

  get(key: string): Promise<Readable> {
    return this.client.getObject(this.bucket, key);
  }

  async getBytes(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
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
   * access (URLs are only signed for keys found in a row). Failures are returned for logging.
   */
  async removeAll(keys: (string | null | undefined)[]): Promise<string[]> {
    const failed: string[] = [];
    // One at a time: the embedded S3 server races on its folders when removing in parallel.
    for (const key of keys) {
      if (key) await this.remove(key).catch(() => failed.push(key));
    }
    return failed;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey';
}
