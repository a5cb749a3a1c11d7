import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { CreditHoldEntity } from './credit-hold.entity.js';

export interface HeldRun {
  jobId: string;
  modelId: number;
  run: number;
  /** What the run is, in the seller's words (creditNote): kept on its ledger entries, not here. */
  note?: string;
}

/** A model run as the credit history names it: "Linen shirt on anna.png". */
export function creditNote(product: string, modelPhoto: string): string {
  return `${product} on ${modelPhoto}`;
}

/** A held run whose outcome is known: capture (it succeeded) or release (it failed, or a newer run replaced it). */
export interface DueSettlement extends HeldRun {
  userId: number;
  outcome: 'capture' | 'release';
}

/** Due holds one settler has claimed, and the end of its claim (Postgres's text of it: exact to the microsecond). */
export interface ClaimedSettlements {
  until: string;
  due: DueSettlement[];
}

/**
 * A hold whose run is not queued this long after it was written was left by an API that stopped
 * mid-request, or by a reservation that got no answer. Far longer than a reservation's credential
 * lives (ServiceCredentials.forReservation), so no late reservation can follow its release.
 */
const ORPHANED_AFTER_SECONDS = 600;

/**
 * How long a settler's claim on holds lasts. Well over what a live settler needs between its claim
 * and markSettled (the ledger call times out after SERVICE_CALL_TIMEOUT_MS, at most 30 s), so a
 * slow ledger never lets a second settler in; short enough that the holds of a settler that died
 * are taken again by the reconciler's pass (every 30 s) within about a minute and a half.
 */
const CLAIM_SECONDS = 60;

/** The credit_holds table: which model runs hold a reserved credit, which a settler has claimed, and which have been settled. */
@Injectable()
export class CreditHolds {
  constructor(@InjectRepository(CreditHoldEntity) private readonly holds: Repository<CreditHoldEntity>) {}

  /**
   * Written before the credits are reserved, so a process that dies between the reservation and
   * queueing leaves a hold without a run, which the reconciler gives back (ORPHANED_AFTER). Answers
   * the runs newly held (a simultaneous retry of the same run may hold it already).
   */
  async intend(userId: number, runs: HeldRun[]): Promise<HeldRun[]> {
    if (!runs.length) return [];
    const inserted = await this.holds
      .createQueryBuilder()
      .insert()
      .values(runs.map((r) => ({ ...r, userId, createdAt: new Date(), outcome: null, settledAt: null, claimedUntil: null })))
      .orIgnore()
      .returning(['jobId', 'modelId', 'run'])
      .execute();
    return inserted.raw.map((r: { job_id: string; model_id: number; run: number }) => ({ jobId: r.job_id, modelId: r.model_id, run: r.run }));
  }

  /** Holds that were never reserved (the ledger refused): nothing to settle. */
  async forget(runs: HeldRun[]): Promise<void> {
    for (const r of runs) await this.holds.delete({ jobId: r.jobId, modelId: r.modelId, run: r.run, settledAt: IsNull() });
  }

  /**
   * Claims the unsettled holds that are due, with the outcome to settle, for one settler: no other
   * settler takes them until they are settled, the claim is given back (unclaim), or it lapses
   * (CLAIM_SECONDS, when the settler's process died). A release is due as soon as its run ended
   * without success (it failed, was cancelled, or the model has a newer run): the seller gets the
   * credit back at once. A capture (that very run succeeded) is due once the job has ended (no model
   * of it queued or running), so a job's captures are settled together, in one call to the ledger; a
   * capture changes no balance the seller can spend (the reservation already took the credit). A hold
   * whose run was never queued (no such model run after ORPHANED_AFTER: the API stopped between
   * reserving and queueing) is released. Optionally of one job only.
   */
  async claim(limit: number, jobId?: string): Promise<ClaimedSettlements> {
    // SQL: one statement reads the due holds with their model's state and their job's unfinished
    // models (the job tables belong to JobStore), locks them and writes the claim. The rows are
    // locked in one order and a settler waits for another's (not SKIP LOCKED, which could split one
    // job's holds between two settlers: two ledger calls); once the first commits, Postgres checks
    // the conditions again on the rows it wrote, finds them claimed and leaves them.
    // TypeORM answers an UPDATE with [rows, count].
    const [rows]: [(DueSettlement & { until: string })[], number] = await this.holds.query(
      `WITH due AS (
         SELECT h.job_id, h.model_id, h.run,
                CASE WHEN m.run = h.run AND m.state = 'succeeded' THEN 'capture' ELSE 'release' END AS outcome
           FROM credit_holds h LEFT JOIN try_on_job_models m ON m.job_id = h.job_id AND m.model_id = h.model_id
          WHERE h.settled_at IS NULL
            AND (h.claimed_until IS NULL OR h.claimed_until < now())
            AND (m.run > h.run
                 OR (m.run = h.run AND m.state IN ('failed', 'canceled'))
                 OR (m.run = h.run AND m.state = 'succeeded'
                     AND NOT EXISTS (SELECT 1 FROM try_on_job_models o WHERE o.job_id = h.job_id AND o.state IN ('queued', 'requeued', 'running')))
                 OR ((m.run IS NULL OR m.run < h.run) AND h.created_at < now() - make_interval(secs => $3)))
            AND ($2::uuid IS NULL OR h.job_id = $2::uuid)
          ORDER BY h.created_at, h.job_id, h.model_id, h.run LIMIT $1
          FOR UPDATE OF h)
       UPDATE credit_holds h SET claimed_until = now() + make_interval(secs => $4)
         FROM due WHERE h.job_id = due.job_id AND h.model_id = due.model_id AND h.run = due.run
       RETURNING h.job_id AS "jobId", h.model_id AS "modelId", h.run, h.user_id AS "userId", due.outcome, h.claimed_until::text AS until`,
      [limit, jobId ?? null, ORPHANED_AFTER_SECONDS, CLAIM_SECONDS],
    );
    return { until: rows[0]?.until ?? '', due: rows.map(({ until: _, ...due }) => due) };
  }

  /** The claim is given back (the ledger could not be reached): the next settler takes the holds at once. A claim that lapsed and was taken again is left alone. */
  async unclaim(claim: ClaimedSettlements): Promise<void> {
    if (!claim.due.length) return;
    // SQL: one UPDATE for every hold of the claim, from arrays.
    await this.holds.query(
      `UPDATE credit_holds h SET claimed_until = NULL
         FROM unnest($1::uuid[], $2::int[], $3::int[]) AS c(job_id, model_id, run)
        WHERE h.job_id = c.job_id AND h.model_id = c.model_id AND h.run = c.run AND h.settled_at IS NULL AND h.claimed_until = $4::timestamptz`,
      [claim.due.map((d) => d.jobId), claim.due.map((d) => d.modelId), claim.due.map((d) => d.run), claim.until],
    );
  }

  /** The holds are settled with these outcomes, in one statement (a hold settled before keeps its first settlement). */
  async markSettled(settled: DueSettlement[]): Promise<void> {
    if (!settled.length) return;
    // SQL: one UPDATE for every settled hold, from arrays.
    await this.holds.query(
      `UPDATE credit_holds h SET outcome = s.outcome, settled_at = now()
         FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[]) AS s(job_id, model_id, run, outcome)
        WHERE h.job_id = s.job_id AND h.model_id = s.model_id AND h.run = s.run AND h.settled_at IS NULL`,
      [settled.map((s) => s.jobId), settled.map((s) => s.modelId), settled.map((s) => s.run), settled.map((s) => s.outcome)],
    );
  }
}
