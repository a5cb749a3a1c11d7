import { HttpException, Injectable, Logger } from '@nestjs/common';
import { creditKey } from '@vton/contracts';
import { CreditHolds, type HeldRun } from './credit-holds.js';
import { CreditsClient } from './credits-client.js';

/**
 * Reserving model runs' credits before they are queued (a job, a retry, a catalogue run's cells):
 * one credit per run, all or nothing (402 from the ledger and nothing queued when short).
 */
@Injectable()
export class CreditReservations {
  private readonly logger = new Logger('Credits');

  constructor(
    private readonly credits: CreditsClient,
    private readonly holds: CreditHolds,
  ) {}

  /**
   * Reserves the runs' credits in svc-auth's ledger, then queues them. The holds are written first
   * (CreditHolds.intend), so if this process stops after the reservation and before the runs are
   * queued, the reconciler gives the credits back; so it does when the ledger did not clearly refuse
   * (no answer in time: the reservation may have been made all the same), and the holds stay. What
   * was reserved is given back at once when queueing fails or queues nothing, unless
   * `queuedElsewhere` says a simultaneous request queued these very runs; `notQueued` names what a
   * partly successful queueing left out. With BILLING_MODE=off nothing is reserved.
   */
  async reserveThenQueue<T>(
    userId: number,
    runs: HeldRun[],
    queue: () => Promise<T>,
    options: { queuedElsewhere?: () => Promise<boolean>; notQueued?: (result: T) => HeldRun[] } = {},
  ): Promise<T> {
    if (!this.credits.enabled || !runs.length) return queue();
    const held = await this.holds.intend(userId, runs);
    const keys = runs.map((r) => creditKey(r.jobId, r.modelId, r.run));
    const notes = Object.fromEntries(runs.flatMap((r, i) => (r.note ? [[keys[i], r.note]] : [])));
    try {
      await this.credits.reserve(userId, keys, notes);
    } catch (error) {
      if (refused(error)) await this.holds.forget(held).catch(() => undefined);
      throw error;
    }
    let result: T | undefined;
    // Whether queue() returned, apart from what it returned: a queue that answers nothing (a catalogue
    // run's RunStore.create) queued everything, and its credits stay reserved until each cell ends.
    let returned = false;
    try {
      result = await queue();
      returned = true;
      return result;
    } finally {
      if ((!returned || result === false) && !(options.queuedElsewhere && (await options.queuedElsewhere().catch(() => false)))) {
        await this.giveBack(userId, held);
      } else if (returned && options.notQueued) {
        const left = new Set(options.notQueued(result as T).map((r) => creditKey(r.jobId, r.modelId, r.run)));
        await this.giveBack(userId, held.filter((r) => left.has(creditKey(r.jobId, r.modelId, r.run))));
      }
    }
  }

  /** Releases the credits of runs that were not queued; if svc-auth is away, the reconciler will (their holds stay). */
  private async giveBack(userId: number, runs: HeldRun[]): Promise<void> {
    if (!runs.length) return;
    try {
      await this.credits.settle(userId, runs.map((r) => ({ key: creditKey(r.jobId, r.modelId, r.run), outcome: 'release' as const })));
      await this.holds.markSettled(runs.map((r) => ({ ...r, userId, outcome: 'release' as const })));
    } catch (error) {
      this.logger.error({ userId }, `Could not give back ${runs.length} credit(s) reserved for runs that were not queued yet (the reconciler will): ${(error as Error).message}`);
    }
  }
}

/** The ledger said no (402 INSUFFICIENT_CREDITS, PLAN_REQUIRED, as CreditsClient passes them on): nothing was reserved. */
function refused(error: unknown): boolean {
  return error instanceof HttpException && error.getStatus() < 500;
}
