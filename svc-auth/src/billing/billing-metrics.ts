import { Injectable } from '@nestjs/common';
import type { LedgerEntryKind } from '@vton/contracts';
import { ServiceMetrics } from '@vton/service-kit';
import { Counter, Registry } from 'prom-client';

/** The ledger's figures at svc-auth's GET /metrics: credits granted, reserved, captured, released and adjusted by this process. */
@Injectable()
export class BillingMetrics {
  readonly registry = new Registry();

  /** A `plan` entry moves no credits: nothing to count. */
  private readonly counters: Record<Exclude<LedgerEntryKind, 'plan'>, Counter> = {
    grant: this.counter('billing_credits_granted_total', 'Credits granted (trials, plan months, paid invoices) by this process.'),
    reserve: this.counter('billing_credits_reserved_total', 'Credits reserved for model runs about to be queued, by this process.'),
    capture: this.counter('billing_credits_captured_total', 'Reserved credits captured (the model succeeded), by this process.'),
    release: this.counter('billing_credits_released_total', 'Reserved credits released (the model failed for good), by this process.'),
    adjustment: this.counter('billing_credits_adjusted_total', "Credits added (positive) or removed (negative) by an operator's adjustment, by this process."),
  };

  constructor(serviceMetrics: ServiceMetrics) {
    serviceMetrics.include(this.registry);
  }

  count(kind: LedgerEntryKind, credits: number): void {
    // A counter only grows: an operator's removal is counted under its own label.
    if (kind === 'adjustment') this.counters.adjustment.inc({ direction: credits < 0 ? 'removed' : 'added' }, Math.abs(credits));
    else if (kind !== 'plan') this.counters[kind].inc(credits);
  }

  private counter(name: string, help: string): Counter {
    return new Counter({ name, help, labelNames: name === 'billing_credits_adjusted_total' ? ['direction'] : [], registers: [this.registry] });
  }
}
