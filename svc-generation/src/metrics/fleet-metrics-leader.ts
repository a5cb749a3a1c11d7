import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { GenerationConfig } from '../config/generation.config.js';
import { GENERATION_ROLE, type GenerationRole } from '../config/roles.js';

/** How often a process that does not report the fleet's figures asks again whether it may. */
const RETRY_MS = 15_000;

/**
 * Which process reports the fleet-wide figures (models waiting and running, read from Postgres):
 * the API process holding a session advisory lock on a connection of its own. Every process would
 * read the same rows, and a sum over pods would count them once per pod; with a leader exactly one
 * pod exports them. Workers never do. When the leader stops, its connection closes, the lock is
 * free, and another API process takes over within RETRY_MS.
 */
@Injectable()
export class FleetMetricsLeader implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('FleetMetricsLeader');
  private client?: pg.Client;
  private leading = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly config: GenerationConfig,
    @Inject(GENERATION_ROLE) private readonly role: GenerationRole,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  onApplicationBootstrap(): void {
    if (this.role === 'api') void this.tryToLead();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.leading = false;
    await client?.end().catch(() => undefined);
  }

  private async tryToLead(): Promise<void> {
    if (this.stopped || this.leading) return;
    try {
      this.client ??= await this.connect();
      // SQL: a session-level advisory lock, held as long as this connection lives.
      const { rows } = await this.client.query<{ leading: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS leading', [
        `${this.config.DATABASE_SCHEMA}.fleet-metrics`,
      ]);
      this.leading = rows[0]?.leading === true;
      if (this.leading) this.logger.log('This process reports the fleet-wide figures (generation_models)');
    } catch (error) {
      this.drop(this.client, error as Error);
    }
    if (!this.leading) this.retryLater();
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL, keepAlive: true, connectionTimeoutMillis: 5000 });
    client.on('error', (error) => this.drop(client, error));
    client.on('end', () => this.drop(client, new Error('connection closed')));
    await client.connect();
    return client;
  }

  /** The connection is gone, and the lock with it: another process may lead now; this one asks again later. */
  private drop(client: pg.Client | undefined, error: Error): void {
    if (!client || this.client !== client) return;
    this.client = undefined;
    if (this.leading) this.logger.warn(`No longer reporting the fleet-wide figures: ${error.message}`);
    this.leading = false;
    client.end().catch(() => undefined);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tryToLead(), RETRY_MS);
    this.timer.unref();
  }
}
