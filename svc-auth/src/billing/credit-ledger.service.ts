import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  BILLING_ERROR_CODES,
  BILLING_ERRORS,
  ErrorCode,
  LEDGER_NOTE_MAX_LENGTH,
  PLANS,
  type InternalCreditsState,
  type LedgerEntry,
  type LedgerEntryKind,
  type LedgerPage,
  type Settlement,
} from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import type { EntityManager, Repository } from 'typeorm';
import { AuthConfig, type BillingSettings } from '../config/auth.config.js';
import { sqlTable } from '../tables/sql-table.js';
import { BillingMetrics } from './billing-metrics.js';
import { BillingAccountEntity } from './entities/billing-account.entity.js';
import { LedgerEntryEntity } from './entities/ledger-entry.entity.js';
import { generationRefusal } from './plan-rules.js';

/** A ledger line about to be written; the balances after it are computed under the account's lock. */
interface Movement {
  kind: LedgerEntryKind;
  credits: number;
  change: number;
  /** How the reserved balance moves (+1 a reservation, −1 a settlement). */
  reservedChange: number;
  key: string | null;
  note: string | null;
}

/**
 * The credit ledger: the one source of truth for credits. Every change of an account's balances
 * is one transaction that locks the account's row (SELECT … FOR UPDATE), checks, appends ledger
 * entries with the balances after each, and writes the new balances: two requests of one account
 * are serialised, so they can never both spend the same credit, and the CHECK (available >= 0)
 * refuses what would overdraw anyway. Reservations and settlements are keyed by job model run
 * (unique indexes), so a redelivered run or a repeated call never charges twice.
 */
@Injectable()
export class CreditLedger {
  private readonly logger = new Logger('CreditLedger');
  /** What each open transaction wrote, reported after its commit (a rolled-back change is never counted). */
  private readonly afterCommit = new WeakMap<EntityManager, (() => void)[]>();

  constructor(
    @InjectRepository(BillingAccountEntity) private readonly accounts: Repository<BillingAccountEntity>,
    @InjectRepository(LedgerEntryEntity) private readonly entries: Repository<LedgerEntryEntity>,
    @Inject(AuthConfig) private readonly config: BillingSettings,
    private readonly metrics: BillingMetrics,
  ) {}

  /**
   * The account's billing row, made on first need: every verified account starts on the trial
   * (TRIAL_CREDITS for TRIAL_DAYS), granted once (keyed by the account).
   */
  async ensureAccount(userId: number, tx?: EntityManager): Promise<BillingAccountEntity> {
    if (!tx) return this.transaction((t) => this.ensureAccount(userId, t));
    // SQL: a conditional insert (ON CONFLICT DO NOTHING … RETURNING): of two first requests at once, one makes the row.
    const inserted: BillingAccountEntity[] = await tx.query(
      `INSERT INTO ${this.accountsTable} ("userId", "plan", "status", "trialEndsAt", "available", "reserved")
       VALUES ($1, 'trial', 'trialing', now() + make_interval(days => $2), 0, 0)
       ON CONFLICT ("userId") DO NOTHING RETURNING "userId"`,
      [userId, this.config.TRIAL_DAYS],
    );
    if (inserted.length && this.config.TRIAL_CREDITS > 0) {
      await this.apply(tx, userId, [
        { kind: 'grant', credits: this.config.TRIAL_CREDITS, change: this.config.TRIAL_CREDITS, reservedChange: 0, key: `trial:${userId}`, note: `Free trial (${this.config.TRIAL_DAYS} days)` },
      ]);
    }
    return (await tx.getRepository(BillingAccountEntity).findOneBy({ userId }))!;
  }

  /**
   * Reserves one credit per key (one model run each), all or nothing. A key reserved before is
   * not reserved again. Refused with 402 when the plan does not allow generating or the balance
   * is short; an unlimited plan records the reservation without spending. `notes`: what each key's
   * run is, kept on its entries (this reservation, then its capture or release).
   */
  async reserve(userId: number, keys: string[], notes: Record<string, unknown> = {}): Promise<InternalCreditsState> {
    return this.transaction(async (tx) => {
      await this.ensureAccount(userId, tx);
      const account = (await this.lock(tx, userId))!;
      const refusal = generationRefusal(account, new Date());
      if (refusal) throw new ApiException(402, BILLING_ERROR_CODES.PLAN_REQUIRED, refusal);
      const unique = [...new Set(keys)];
      const known = await this.existing(tx, 'reserve', unique);
      for (const entry of known.values()) {
        if (entry.userId !== userId) throw new ApiException(409, ErrorCode.CONFLICT, `Credit key ${entry.key} belongs to another account`);
      }
      const fresh = unique.filter((k) => !known.has(k));
      const unlimited = PLANS[account.plan].monthlyCredits === null && account.plan !== 'trial';
      if (!unlimited && fresh.length > account.available) {
        throw new ApiException(402, BILLING_ERROR_CODES.INSUFFICIENT_CREDITS, BILLING_ERRORS.insufficientCredits(fresh.length, account.available), {
          details: { needed: fresh.length, available: account.available },
        });
      }
      const state = await this.apply(
        tx,
        userId,
        fresh.map((key) => ({ kind: 'reserve', credits: 1, change: unlimited ? 0 : -1, reservedChange: 1, key, note: ledgerNote(notes[key]) })),
        account,
      );
      return { available: unlimited ? null : state.available, reserved: state.reserved };
    });
  }

  /**
   * Captures (the model succeeded) or releases (it failed for good) reservations. A key already
   * settled, or never reserved, is left as it is: settlements may be sent again after a restart.
   */
  async settle(userId: number, settlements: Settlement[]): Promise<InternalCreditsState> {
    return this.transaction(async (tx) => {
      const account = await this.lock(tx, userId);
      if (!account) return { available: 0, reserved: 0 };
      const keys = [...new Set(settlements.map((s) => s.key))];
      const reservations = await this.existing(tx, 'reserve', keys);
      const settled = await this.existing(tx, ['capture', 'release'], keys);
      const movements: Movement[] = [];
      const seen = new Set<string>();
      for (const { key, outcome } of settlements) {
        const reservation = reservations.get(key);
        if (seen.has(key) || settled.has(key) || !reservation || reservation.userId !== userId) {
          if (!reservation || reservation.userId !== userId) this.logger.warn({ userId, key }, `Settlement of ${key} for account ${userId} ignored: no such reservation of this account`);
          continue;
        }
        seen.add(key);
        // A release gives back what the reservation took (nothing on an unlimited plan).
        movements.push({ kind: outcome, credits: 1, change: outcome === 'release' ? -reservation.change : 0, reservedChange: -1, key, note: reservation.note });
      }
      const state = await this.apply(tx, userId, movements, account);
      return { available: this.unlimited(account) ? null : state.available, reserved: state.reserved };
    });
  }

  /** Adds credits (a plan's month, a paid invoice, the trial); with a key, once whatever happens. Answers false when the key was granted before. */
  async grant(userId: number, credits: number, key: string | null, note: string, tx?: EntityManager): Promise<boolean> {
    if (!tx) return this.transaction((t) => this.grant(userId, credits, key, note, t));
    await this.ensureAccount(userId, tx);
    const account = (await this.lock(tx, userId))!;
    if (key && (await this.existing(tx, 'grant', [key])).size) return false;
    await this.apply(tx, userId, [{ kind: 'grant', credits, change: credits, reservedChange: 0, key, note }], account);
    return true;
  }

  /** An operator's correction (± credits, not 0, with a note). A removal larger than the balance is refused. */
  async adjust(userId: number, credits: number, note: string, tx?: EntityManager): Promise<{ available: number }> {
    if (!tx) return this.transaction((t) => this.adjust(userId, credits, note, t));
    // A plan the operator sets is a `plan` entry (recordPlan); an adjustment always moves credits.
    if (credits === 0) throw new RangeError('An adjustment of 0 credits');
    await this.ensureAccount(userId, tx);
    const account = (await this.lock(tx, userId))!;
    if (account.available + credits < 0) {
      throw new ApiException(409, ErrorCode.CONFLICT, `The account has ${account.available} credits; ${-credits} cannot be taken away`);
    }
    return this.apply(tx, userId, [{ kind: 'adjustment', credits, change: credits, reservedChange: 0, key: null, note }], account);
  }

  /**
   * The operator put the account on a plan (named in `note`): an entry of its own, which moves no
   * credits, in the history where the seller reads the rest (the month a paid plan grants follows it).
   */
  async recordPlan(userId: number, note: string, tx: EntityManager): Promise<void> {
    await this.ensureAccount(userId, tx);
    await this.apply(tx, userId, [{ kind: 'plan', credits: 0, change: 0, reservedChange: 0, key: null, note }]);
  }

  /** The ledger, newest first. */
  async page(userId: number, page: number, pageSize: number): Promise<LedgerPage> {
    const [rows, total] = await this.entries.findAndCount({ where: { userId }, order: { id: 'DESC' }, skip: (page - 1) * pageSize, take: pageSize });
    return { entries: rows.map(toLedgerEntry), page, pageSize, total };
  }

  /** The account row locked for this transaction (null when the account has no billing row yet). */
  async lock(tx: EntityManager, userId: number): Promise<BillingAccountEntity | undefined> {
    // SQL: the row lock that serialises every balance change of one account.
    const rows: BillingAccountEntity[] = await tx.query(`SELECT * FROM ${this.accountsTable} WHERE "userId" = $1 FOR UPDATE`, [userId]);
    return rows[0];
  }

  /** A transaction on the billing tables; what it wrote is counted and logged once it has committed. */
  async transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const reports: (() => void)[] = [];
    const result = await this.accounts.manager.transaction((tx) => {
      this.afterCommit.set(tx, reports);
      return work(tx);
    });
    for (const report of reports) report();
    return result;
  }

  unlimited(account: BillingAccountEntity): boolean {
    return PLANS[account.plan].monthlyCredits === null && account.plan !== 'trial';
  }

  /** Appends the entries with the balances after each and writes the account's new balances; the caller holds the row lock. */
  private async apply(tx: EntityManager, userId: number, movements: Movement[], locked?: BillingAccountEntity): Promise<{ available: number; reserved: number }> {
    const account = locked ?? (await this.lock(tx, userId))!;
    let available = account.available;
    let reserved = account.reserved;
    if (!movements.length) return { available, reserved };
    const rows = movements.map((m) => {
      available += m.change;
      reserved += m.reservedChange;
      return { userId, kind: m.kind, credits: m.credits, change: m.change, balance: available, reserved, key: m.key, note: m.note };
    });
    await tx.getRepository(LedgerEntryEntity).insert(rows);
    await tx.getRepository(BillingAccountEntity).update({ userId }, { available, reserved, updatedAt: new Date() });
    const report = () => {
      for (const m of movements) this.metrics.count(m.kind, m.credits);
      const byKind = new Map<string, number>();
      for (const m of movements) byKind.set(m.kind, (byKind.get(m.kind) ?? 0) + m.credits);
      for (const [kind, credits] of byKind) {
        const keys = movements.filter((m) => m.kind === kind && m.key).map((m) => m.key);
        this.logger.log({ userId, kind, credits, available, reserved, keys: keys.length ? keys : undefined }, `Ledger: ${kind} ${credits} credit(s) for account ${userId}; available ${available}, reserved ${reserved}`);
      }
    };
    const pending = this.afterCommit.get(tx);
    if (pending) pending.push(report);
    else report();
    return { available, reserved };
  }

  private async existing(tx: EntityManager, kinds: LedgerEntryKind | LedgerEntryKind[], keys: string[]): Promise<Map<string, LedgerEntryEntity>> {
    if (!keys.length) return new Map();
    const rows = await tx
      .getRepository(LedgerEntryEntity)
      .createQueryBuilder('e')
      .where('e.kind IN (:...kinds)', { kinds: Array.isArray(kinds) ? kinds : [kinds] })
      .andWhere('e.key IN (:...keys)', { keys })
      .getMany();
    return new Map(rows.map((r) => [r.key!, r]));
  }

  private get accountsTable(): string {
    return sqlTable(this.accounts.metadata);
  }
}

/** A reservation's note as the ledger keeps it: a non-empty string, at most LEDGER_NOTE_MAX_LENGTH characters; anything else none. */
function ledgerNote(note: unknown): string | null {
  if (typeof note !== 'string' || !note.trim()) return null;
  const trimmed = note.trim();
  return trimmed.length > LEDGER_NOTE_MAX_LENGTH ? `${trimmed.slice(0, LEDGER_NOTE_MAX_LENGTH - 1)}…` : trimmed;
}

export function toLedgerEntry(row: LedgerEntryEntity): LedgerEntry {
  return {
    id: String(row.id),
    kind: row.kind,
    credits: row.credits,
    change: row.change,
    balance: row.balance,
    reserved: row.reserved,
    key: row.key,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}
