import { sqlMigration } from '@vton/service-kit';

/**
 * A settler claims the due holds it is about to settle (CreditHolds.claim) until `claimed_until`,
 * so two settlers at once (a job's end and a reconciler's pass, two workers' passes) never both
 * call the ledger for the same holds; a claim whose settler died lapses and the holds are taken again.
 */
export const AddCreditHoldClaims1801000000000 = sqlMigration('AddCreditHoldClaims1801000000000', {
  up: (s) => [
    `ALTER TABLE ${s}."credit_holds" ADD COLUMN "claimed_until" timestamptz`,
  ],
  down: (s) => [
    `ALTER TABLE ${s}."credit_holds" DROP COLUMN "claimed_until"`,
  ],
});
