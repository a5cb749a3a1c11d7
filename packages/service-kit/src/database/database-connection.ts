import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ServiceConfig } from '../config/service-config.js';
import { SERVICE_CONFIG } from '../tokens.js';
import { prepareSchema } from './data-source-options.js';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/**
 * Connects the data source and runs migrations. The first attempt happens before the app
 * listens; when the database is unreachable the service starts anyway (liveness answers,
 * readiness says 503 with the reason) and keeps retrying with backoff in the background.
 */
@Injectable()
export class DatabaseConnection implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private ready = false;
  private lastError: string | undefined = 'not connected yet';
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  get isReady(): boolean {
    return this.ready;
  }

  /** Why the database is not ready, for the readiness answer. */
  get problem(): string | undefined {
    return this.ready ? undefined : this.lastError;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.attempt(FIRST_RETRY_MS);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
  }

  private async attempt(nextDelayMs: number): Promise<void> {
    if (this.stopped) return;
    try {
      if (!this.dataSource.isInitialized) await this.dataSource.initialize();
      const ran = await prepareSchema(this.dataSource, this.config, this.config.MIGRATIONS_RUN);
      if (ran.length) this.logger.log(`Ran migrations: ${ran.join(', ')}`);
      this.ready = true;
      this.lastError = undefined;
      this.logger.log(`Database ready (schema ${this.config.DATABASE_SCHEMA})`);
    } catch (error) {
      this.lastError = (error as Error).message || String(error);
      this.logger.warn(`Database not ready, retrying in ${nextDelayMs} ms: ${this.lastError}`);
      if (this.stopped) return;
      this.retryTimer = setTimeout(() => void this.attempt(Math.min(nextDelayMs * 2, MAX_RETRY_MS)), nextDelayMs);
      this.retryTimer.unref();
    }
  }
}
