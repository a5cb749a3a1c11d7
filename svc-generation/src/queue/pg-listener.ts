import { Logger } from '@nestjs/common';
import pg from 'pg';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;

export interface PgListenerOptions {
  connectionString: string;
  channels: string[];
  onNotification: (channel: string, payload: string) => void;
  /** After every (re)connection: notifications sent while disconnected were lost, so re-read state. */
  onConnected?: () => void;
  logger: Logger;
}

/**
 * One dedicated connection LISTENing on a few channels. A dropped connection (Postgres restarted,
 * the network cut) is reopened with backoff, and `onConnected` tells the owner to catch up on what
 * it missed. Notifications are hints to re-read, never the data itself.
 */
export class PgListener {
  private client?: pg.Client;
  private stopped = false;
  private retryTimer?: NodeJS.Timeout;
  private connected = false;
  private retryMs = FIRST_RETRY_MS;

  constructor(private readonly options: PgListenerOptions) {}

  get isConnected(): boolean {
    return this.connected;
  }

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.connectionString, keepAlive: true, connectionTimeoutMillis: 5000 });
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      this.connected = false;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      const delay = this.retryMs;
      this.retryMs = Math.min(delay * 2, MAX_RETRY_MS);
      this.options.logger.warn(`Notifications connection lost (${error.message}); reconnecting in ${delay} ms`);
      this.retryTimer = setTimeout(() => void this.connect(), delay);
      this.retryTimer.unref();
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('connection closed')));
    client.on('notification', (message) => this.options.onNotification(message.channel, message.payload ?? ''));
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      fail(error as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.connected = true;
    this.retryMs = FIRST_RETRY_MS;
    this.options.onConnected?.();
  }
}
