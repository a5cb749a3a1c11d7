import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { CreditHoldEntity } from './credit-hold.entity.js';

export interface HeldRun {
  jobId: string;
  modelId: number;
  run: number;
}

/** A held run whose outcome is known: capture (it succeeded) or release (it failed, or a newer run replaced it). */
export interface DueSettlement extends HeldRun {
  userId: number;
  outcome: 'capture' | 'release';
}

/** The credit_holds table: which model runs hold a reserved credit, and which of them have been settled. */
@Injectable()
export class CreditHolds {
  constructor(@InjectRepository(CreditHoldEntity) private readonly holds: Repository<CreditHoldEntity>) {}

  /** In the transaction that queues the runs: they hold the credits reserved for them. */
  async record(tx: EntityManager, userId: number, runs: HeldRun[]): Promise<void> {
    if (!runs.length) return;
    await tx.getRepository(CreditHoldEntity).insert(runs.map((r) => ({ ...r, userId, createdAt: new Date(), outcome: null, settledAt: null })));
  }

  /**
   * Unsettled holds whose run has ended, with the outcome to settle: capture when that very run
   * succeeded, release when it failed or the model has a newer run. Optionally of one job only.
   */
  async due(limit: number, jobId?: string): Promise<DueSettlement[]> {
    // SQL: the holds are read with their model's state in one statement (the job tables belong to JobStore).
    const rows: DueSettlement[] = await this.holds.query(
      `SELECT h.job_id AS "jobId", h.model_id AS "modelId", h.run, h.user_id AS "userId",
              CASE WHEN m.run = h.run AND m.state = 'succeeded' THEN 'capture' ELSE 'release' END AS outcome
         FROM credit_holds h JOIN try_on_job_models m ON m.job_id = h.job_id AND m.model_id = h.model_id
        WHERE h.settled_at IS NULL AND (m.run > h.run OR m.state IN ('succeeded', 'failed')) AND ($2::uuid IS NULL OR h.job_id = $2::uuid)
        ORDER BY h.created_at LIMIT $1`,
      [limit, jobId ?? null],
    );
    return rows;
  }

  async markSettled(settled: DueSettlement[]): Promise<void> {
    const now = new Date();
    for (const s of settled) await this.holds.update({ jobId: s.jobId, modelId: s.modelId, run: s.run }, { outcome: s.outcome, settledAt: now });
  }
}
