import { ownSchema } from '@vton/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A settler claims the due holds it is about to settle (CreditHolds.claim) until `claimed_until`,
 * so two settlers at once (a job's end and a reconciler's pass, two workers' passes) never both
 * call the ledger for the same holds; a claim whose settler died lapses and the holds are taken again.
 */
export class AddCreditHoldClaims1801000000000 implements MigrationInterface {
  name = 'AddCreditHoldClaims1801000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "${ownSchema(queryRunner)}"."credit_holds" ADD COLUMN "claimed_until" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "${ownSchema(queryRunner)}"."credit_holds" DROP COLUMN "claimed_until"`);
  }
}
