import { Injectable, Logger } from '@nestjs/common';
import { creditKey } from '@vton/contracts';
import { CreditHolds, type ClaimedSettlements, type DueSettlement } from './credit-holds.js';
import { CreditsClient } from './credits-client.js';

const BATCH = 200;

/**
 * Settles held credits in svc-auth's ledger: a failure (or a run a retry replaced) is released as
 * soon as it is recorded, a job's successes are captured together once the job has ended
 * (CreditHolds.claim), so a job costs the ledger one call, not one per model. The worker that
 * records a failure, or the outcome that ends a job, settles then; the reconciler's pass settles
 * whatever ended elsewhere (pg-boss's expiry trigger, an abandoned /generate, lost work) or could
 * not be settled then (svc-auth away). Each settler first claims the holds it settles
 * (CreditHolds.claim), so two at once never both call the ledger for the same holds; the ledger
 * keys each run besides, so a run settled twice (a settler that died after the call) changes nothing.
 */
@Injectable()
export class CreditSettler {
  private readonly logger = new Logger('Credits');

  constructor(
    private readonly holds: CreditHolds,
    private readonly credits: CreditsClient,
  ) {}

  /** Settles what is due of one job now (a failure recorded, the job ended, an abandon); what cannot be settled now is left to the sweep. */
  async settleJob(jobId: string): Promise<void> {
    try {
      await this.settle(await this.holds.claim(BATCH, jobId));
    } catch (error) {
      this.logger.warn({ jobId }, `Job ${jobId}: credits not settled yet, the next pass will (${(error as Error).message})`);
    }
  }

  /** Every ended run still holding a credit; answers how many were settled. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const claim = await this.holds.claim(BATCH);
      if (!claim.due.length) return total;
      await this.settle(claim);
      total += claim.due.length;
      if (claim.due.length < BATCH) return total;
    }
  }

  /** One ledger call per account; when one fails, what is not settled yet is given back to the next pass at once. */
  private async settle(claim: ClaimedSettlements): Promise<void> {
    let left = claim.due;
    try {
      for (const userId of new Set(claim.due.map((d) => d.userId))) {
        const mine = left.filter((d) => d.userId === userId);
        await this.credits.settle(
          userId,
          mine.map((d) => ({ key: creditKey(d.jobId, d.modelId, d.run), outcome: d.outcome })),
        );
        left = left.filter((d) => d.userId !== userId);
        await this.holds.markSettled(mine);
        this.logSettled(userId, mine);
      }
    } catch (error) {
      // If this fails too, the claim lapses (CreditHolds.claim).
      await this.holds.unclaim({ until: claim.until, due: left }).catch(() => undefined);
      throw error;
    }
  }

  private logSettled(userId: number, mine: DueSettlement[]): void {
    // One line per job (svc-auth logs every ledger entry with its key).
    for (const jobId of new Set(mine.map((d) => d.jobId))) {
      const runs = (outcome: DueSettlement['outcome']) => mine.filter((d) => d.jobId === jobId && d.outcome === outcome).map((d) => `${d.modelId} (run ${d.run})`);
      const [captured, released] = [runs('capture'), runs('release')];
      const what = [captured.length && `captured for model(s) ${captured.join(', ')}`, released.length && `released for model(s) ${released.join(', ')}`];
      this.logger.log({ jobId, userId, captured: captured.length, released: released.length }, `Job ${jobId}: credits ${what.filter(Boolean).join('; ')}`);
    }
  }
}
