import type { Logger } from '@nestjs/common';
import { SessionConnection } from '@vton/service-kit';

export interface PgListenerOptions {
  connectionString: string;
  channels: string[];
  onNotification: (channel: string, payload: string) => void;
  /** After every (re)connection: notifications sent while disconnected were lost, so re-read state. */
  onConnected?: () => void;
  logger: Logger;
}

/**
 * LISTENs on a few channels on a session connection of its own, which comes back after a drop
 * (Postgres restarted, the network cut); `onConnected` then tells the owner to catch up on what it
 * missed. Notifications are hints to re-read, never the data itself.
 */
export class PgListener {
  private readonly connection: SessionConnection;

  constructor(options: PgListenerOptions) {
    this.connection = new SessionConnection({
      connectionString: options.connectionString,
      purpose: 'Notifications',
      logger: options.logger,
      prepare: async (client) => {
        client.on('notification', (message) => options.onNotification(message.channel, message.payload ?? ''));
        for (const channel of options.channels) await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      },
      onOpen: options.onConnected,
    });
  }

  start(): void {
    this.connection.start();
  }

  async stop(): Promise<void> {
    await this.connection.stop();
  }
}
