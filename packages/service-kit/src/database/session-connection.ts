import pg from 'pg';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

export interface SessionConnectionOptions {
  connectionString: string;
  /** What the connection is for, at the start of its log lines ("Notifications connection lost …"). */
  purpose: string;
  logger: { warn(message: string): void };
  /** Runs on every new connection before it counts as open (LISTEN, taking a lock); a failure closes it and tries again. */
  prepare?: (client: pg.Client) => Promise<void>;
  /** After every (re)opening: what was missed while it was closed is for the owner to catch up on. */
  onOpen?: () => void;
  /** The open connection was lost, and with it whatever its session held (LISTENs, advisory locks). */
  onLost?: (error: Error) => void;
}

/**
 * One Postgres connection of its own, outside the pool, for what lives only as long as a session:
 * LISTEN, a session advisory lock. A dropped connection (Postgres restarted, the network cut) is
 * opened again with backoff (250 ms, doubling to 5 s) and prepared again.
 */
export class SessionConnection {
  private current?: pg.Client;
  private stopped = false;
  private retryTimer?: NodeJS.Timeout;
  private retryMs = FIRST_RETRY_MS;

  constructor(private readonly options: SessionConnectionOptions) {}

  /** The open, prepared connection; none while it is (re)connecting or stopped. */
  get client(): pg.Client | undefined {
    return this.current;
  }

  get isOpen(): boolean {
    return this.current !== undefined;
  }

  start(): void {
    void this.open();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.current;
    this.current = undefined;
    await client?.end().catch(() => undefined);
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.connectionString, keepAlive: true, connectionTimeoutMillis: 5000 });
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      const wasOpen = this.current === client;
      if (wasOpen) this.current = undefined;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      if (wasOpen) this.options.onLost?.(error);
      const delay = this.retryMs;
      this.retryMs = Math.min(delay * 2, MAX_RETRY_MS);
      this.options.logger.warn(`${this.options.purpose} connection lost (${error.message}); reconnecting in ${delay} ms`);
      this.retryTimer = setTimeout(() => void this.open(), delay);
      this.retryTimer.unref();
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('connection closed')));
    try {
      await client.connect();
      await this.options.prepare?.(client);
    } catch (error) {
      fail(error as Error);
      return;
    }
    if (this.stopped || failed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.current = client;
    this.retryMs = FIRST_RETRY_MS;
    this.options.onOpen?.();
  }
}
