import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SessionConnection } from '@vton/service-kit';
import { GenerationConfig } from '../config/generation.config.js';
import { GENERATION_ROLE, type GenerationRole } from '../config/roles.js';

/** How often a process that does not report the fleet's figures asks again whether it may. */
const RETRY_MS = 15_000;

/**
 * Which process reports the fleet-wide figures (models waiting and running, read from Postgres):
 * the API process holding a session advisory lock on a connection of its own. Every process would
 * read the same rows, and a sum over pods would count them once per pod; with a leader exactly one
 * pod exports them. Workers never do. When the leader stops, its connection closes, the lock is
 * free, and another API process takes over within RETRY_MS; a leader whose connection drops
 * (Postgres restarted) asks again as soon as it is back.
 */
@Injectable()
export class FleetMetricsLeader implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('FleetMetricsLeader');
  private readonly connection: SessionConnection;
  private leading = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly config: GenerationConfig,
    @Inject(GENERATION_ROLE) private readonly role: GenerationRole,
  ) {
    this.connection = new SessionConnection({
      connectionString: config.DATABASE_URL,
      purpose: 'Fleet-metrics lock',
      logger: this.logger,
      onOpen: () => void this.tryToLead(),
      onLost: (error) => {
        clearTimeout(this.timer);
        if (this.leading) this.logger.warn(`No longer reporting the fleet-wide figures: ${error.message}`);
        this.leading = false;
      },
    });
  }

  get isLeader(): boolean {
    return this.leading;
  }

  onApplicationBootstrap(): void {
    if (this.role === 'api') this.connection.start();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    this.leading = false;
    await this.connection.stop();
  }

  private async tryToLead(): Promise<void> {
    const client = this.connection.client;
    if (!client || this.leading) return;
    try {
      // SQL: a session-level advisory lock, held as long as this connection lives.
      const { rows } = await client.query<{ leading: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS leading', [
        `${this.config.DATABASE_SCHEMA}.fleet-metrics`,
      ]);
      this.leading = rows[0]?.leading === true && this.connection.client === client;
      if (this.leading) this.logger.log('This process reports the fleet-wide figures (generation_models)');
    } catch {
      // When the connection failed under the query, onLost has run and onOpen asks again once it is back.
      if (this.connection.client !== client) return;
    }
    if (this.leading) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tryToLead(), RETRY_MS);
    this.timer.unref();
  }
}
