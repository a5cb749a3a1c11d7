import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DatabaseConnection } from '@vton/service-kit';
import { BillingService } from './billing.service.js';

const EVERY_MS = 60_000;

/** Every minute, grants the plan months that came due (BillingService.grantDueMonths); any replica may, each month once. */
@Injectable()
export class MonthlyGrants implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MonthlyGrants');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly billing: BillingService,
    private readonly database: DatabaseConnection,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.billing.enabled) return;
    this.timer = setInterval(() => void this.pass(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async pass(): Promise<void> {
    if (!this.database.isReady) return;
    try {
      const granted = await this.billing.grantDueMonths();
      if (granted) this.logger.log(`Granted ${granted} plan month(s)`);
    } catch (error) {
      this.logger.warn(`Monthly grants failed, trying again in a minute: ${(error as Error).message}`);
    }
  }
}
