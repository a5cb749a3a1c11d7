import { Injectable, Logger } from '@nestjs/common';
import { creditKey } from '@vton/contracts';
import { CreditHolds, type DueSettlement } from './credit-holds.js';
import { CreditsClient } from './credits-client.js';

const BATCH = 200;

/**
 * Settles held credits in svc-auth's ledger once their run has ended: capture a success, release a
 * failure (or a run a retry replaced). The worker settles its own run as soon as it is recorded;
 * the reconciler's pass settles whatever ended elsewhere (pg-boss's expiry trigger, an abandoned
 * /generate, lost work) or could not be settled then (svc-auth away). The ledger keys each run, so
 * settling twice changes nothing.
 */
@Injectable()
export class CreditSettler {
  private readonly logger = new Logger('Credits');

  constructor(
    private readonly holds: CreditHolds,
    private readonly credits: CreditsClient,
  ) {}

  /** Settles the ended runs of one job now (after a worker recorded its outcome, after an abandon); failures are left to the sweep. */
  async settleJob(jobId: string): Promise<void> {
    try {
      await this.settle(await this.holds.due(BATCH, jobId));
    } catch (error) {
      this.logger.warn({ jobId }, `Job ${jobId}: credits not settled yet, the next pass will (${(error as Error).message})`);
    }
  }

  /** Every ended run still holding a credit; answers how many were settled. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const due = await this.holds.due(BATCH);
      if (!due.length) return total;
      await this.settle(due);
      total += due.length;
      if (due.length < BATCH) return total;
    }
  }

  private async settle(due: DueSettlement[]): Promise<void> {
    for (const userId of new Set(due.map((d) => d.userId))) {
      const mine = due.filter((d) => d.userId === userId);
      await this.credits.settle(
        userId,
        mine.map((d) => ({ key: creditKey(d.jobId, d.modelId, d.run), outcome: d.outcome })),
      );
      await this.holds.markSettled(mine);
      for (const d of mine) this.logger.log({ jobId: d.jobId, modelId: d.modelId, userId }, `Model ${d.modelId} of job ${d.jobId} (run ${d.run}): credit ${d.outcome === 'capture' ? 'captured' : 'released'}`);
    }
  }
}
