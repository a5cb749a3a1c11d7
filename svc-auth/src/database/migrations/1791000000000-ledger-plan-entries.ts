import { sqlMigration } from '@vton/service-kit';

/**
 * A plan the operator sets is a ledger entry of its own kind, `plan` (no credits, no change), where it
 * was an `adjustment` of 0 credits that the seller's credit history showed as "Adjusted 0". The entries
 * written so far as 0-credit adjustments (only the plan command wrote any: the credits command refuses
 * 0) become `plan` entries: their kind is the one thing changed, never an amount or a balance. From here
 * on an adjustment moves credits and a plan entry none.
 */
export const LedgerPlanEntries1791000000000 = sqlMigration('LedgerPlanEntries1791000000000', {
  up: (s) => [
    `ALTER TABLE ${s}."credit_ledger" DROP CONSTRAINT "credit_ledger_kind_check"`,
    `UPDATE ${s}."credit_ledger" SET "kind" = 'plan' WHERE "kind" = 'adjustment' AND "credits" = 0 AND "change" = 0`,
    `ALTER TABLE ${s}."credit_ledger" ADD CONSTRAINT "credit_ledger_kind_check" CHECK ("kind" IN ('grant', 'reserve', 'capture', 'release', 'adjustment', 'plan'))`,
    `ALTER TABLE ${s}."credit_ledger" ADD CONSTRAINT "credit_ledger_plan_moves_nothing" CHECK ("kind" <> 'plan' OR ("credits" = 0 AND "change" = 0))`,
    `ALTER TABLE ${s}."credit_ledger" ADD CONSTRAINT "credit_ledger_adjustment_moves_credits" CHECK ("kind" <> 'adjustment' OR "credits" <> 0)`,
  ],
  down: (s) => [
    `ALTER TABLE ${s}."credit_ledger" DROP CONSTRAINT "credit_ledger_adjustment_moves_credits"`,
    `ALTER TABLE ${s}."credit_ledger" DROP CONSTRAINT "credit_ledger_plan_moves_nothing"`,
    `ALTER TABLE ${s}."credit_ledger" DROP CONSTRAINT "credit_ledger_kind_check"`,
    `UPDATE ${s}."credit_ledger" SET "kind" = 'adjustment' WHERE "kind" = 'plan'`,
    `ALTER TABLE ${s}."credit_ledger" ADD CONSTRAINT "credit_ledger_kind_check" CHECK ("kind" IN ('grant', 'reserve', 'capture', 'release', 'adjustment'))`,
  ],
});
