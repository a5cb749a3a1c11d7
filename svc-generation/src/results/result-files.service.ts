import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { LessThan, type Repository } from 'typeorm';
import { GenerationConfig } from '../config/generation.config.js';
import { TryOnResultFileEntity } from './result-file.entity.js';

export const RESULT_FILES_PATH = '/api/try-on/results';

/** Results kept by svc-generation when the gallery save failed, served at a capability URL until they expire. */
@Injectable()
export class ResultFilesService {
  private readonly logger = new Logger('ResultFiles');

  constructor(
    @InjectRepository(TryOnResultFileEntity) private readonly repository: Repository<TryOnResultFileEntity>,
    private readonly config: GenerationConfig,
  ) {}

  /** Stores the PNG and answers its same-origin URL. */
  async keep(userId: number, png: Buffer): Promise<string> {
    const now = new Date();
    const file = this.repository.create({
      id: randomUUID(),
      userId,
      accessKey: randomBytes(24).toString('base64url'),
      png,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.config.RESULT_FALLBACK_TTL_MS),
    });
    await this.repository.insert(file);
    void this.removeExpired();
    return `${RESULT_FILES_PATH}/${file.id}?key=${file.accessKey}`;
  }

  /** The PNG for a URL made by keep(), or null when unknown, expired or the key is wrong. */
  async find(id: string, key: string): Promise<Buffer | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const file = await this.repository.findOneBy({ id });
    if (!file || file.expiresAt.getTime() <= Date.now()) return null;
    const expected = Buffer.from(file.accessKey);
    const given = Buffer.from(key);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return file.png;
  }

  private async removeExpired(): Promise<void> {
    try {
      await this.repository.delete({ expiresAt: LessThan(new Date()) });
    } catch (error) {
      this.logger.warn(`Could not remove expired result files: ${(error as Error).message}`);
    }
  }
}
