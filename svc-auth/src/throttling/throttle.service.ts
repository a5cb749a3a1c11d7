import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { TooManyRequestsException } from '@vton/service-kit';
import type { Repository } from 'typeorm';
import { sqlTable } from '../tables/sql-table.js';
import { ThrottleCounter } from './throttle-counter.entity.js';

/** A throttled request's 429, saying in its body too how long to wait. */
export class ThrottledException extends TooManyRequestsException {
  constructor(message: string, retryAfterSeconds: number) {
    super(message, retryAfterSeconds, { details: { retryAfterSeconds } });
  }
}

export interface CounterState {
  hits: number;
  /** Seconds until the window ends and the counter starts again. */
  secondsLeft: number;
}

/**
 * How long a sign-in of an account with `failures` recent failed sign-ins waits before its
 * password is checked: nothing up to `after`, then 500 ms doubling per further failure, at most
 * `maxMs`. A slowdown, never a refusal, so a stranger's failures cannot lock the owner out.
 */
export function loginDelayMs(failures: number, after: number, maxMs: number): number {
  if (failures < after) return 0;
  return Math.min(maxMs, 500 * 2 ** Math.min(failures - after, 16));
}

/**
 * Fixed-window counters in Postgres: one atomic upsert per hit, so replicas share the count and
 * a counter never locks anyone out for longer than its window.
 */
@Injectable()
export class ThrottleService {
  constructor(@InjectRepository(ThrottleCounter) private readonly counters: Repository<ThrottleCounter>) {}

  private get table(): string {
    return sqlTable(this.counters.metadata);
  }

  /** Counts one hit for `key` and returns the count within the current window. */
  async hit(key: string, windowSeconds: number): Promise<CounterState> {
    const rows: { hits: number; secondsLeft: number }[] = await this.counters.query(
      `INSERT INTO ${this.table} AS c ("key", "hits", "windowStart") VALUES ($1, 1, now())
       ON CONFLICT ("key") DO UPDATE SET
         "hits" = CASE WHEN c."windowStart" <= now() - make_interval(secs => $2) THEN 1 ELSE c."hits" + 1 END,
         "windowStart" = CASE WHEN c."windowStart" <= now() - make_interval(secs => $2) THEN now() ELSE c."windowStart" END
       RETURNING "hits", ceil(extract(epoch FROM ("windowStart" + make_interval(secs => $2) - now())))::int AS "secondsLeft"`,
      [key, windowSeconds],
    );
    if (Math.random() < 0.01) void this.forgetOld().catch(() => undefined);
    return { hits: rows[0].hits, secondsLeft: Math.max(1, rows[0].secondsLeft) };
  }

  /** The count of `key` within its current window, without counting a hit. */
  async count(key: string, windowSeconds: number): Promise<number> {
    const rows: { hits: number }[] = await this.counters.query(
      `SELECT "hits" FROM ${this.table} WHERE "key" = $1 AND "windowStart" > now() - make_interval(secs => $2)`,
      [key, windowSeconds],
    );
    return rows[0]?.hits ?? 0;
  }

  /** Takes back one hit of `key` (an attempt that turned out not to count), in one statement. */
  async undo(key: string): Promise<void> {
    await this.counters.query(`UPDATE ${this.table} SET "hits" = "hits" - 1 WHERE "key" = $1 AND "hits" > 0`, [key]);
  }

  async clear(key: string): Promise<void> {
    await this.counters.delete({ key });
  }

  /** Windows never last longer than a day; older counters are dead weight. */
  private async forgetOld(): Promise<void> {
    await this.counters.query(`DELETE FROM ${this.table} WHERE "windowStart" < now() - interval '1 day'`);
  }
}
