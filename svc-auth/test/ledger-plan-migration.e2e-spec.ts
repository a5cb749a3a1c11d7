import { createDataSource, loadConfig, prepareSchema, type ServiceDataSource } from '@vton/service-kit';
import { randomBytes } from 'node:crypto';
import { BillingCommandConfig } from '../src/config/auth.config.js';
import { authDatabase } from '../src/database/data-source.js';

/**
 * The migration that gave the operator's plan its own ledger kind, on real Postgres in a schema of
 * its own: a ledger written before it (a plan set as an adjustment of 0 credits) reads as a plan
 * entry after it, with every amount and balance as it was; and back.
 */
describe('migration: plan entries in the credit ledger', () => {
  const schema = `auth_migration_${randomBytes(4).toString('hex')}`;
  const s = `"${schema}"`;
  let db: ServiceDataSource | undefined;

  afterAll(async () => {
    await db?.query(`DROP SCHEMA ${s} CASCADE`);
    await db?.destroy();
  });

  it('turns the 0-credit adjustments into plan entries, leaves the rest as written, and keeps each kind to what it moves', async () => {
    const upTo = authDatabase.migrations.findIndex((m) => m.name === 'LedgerPlanEntries1791000000000');
    expect(authDatabase.migrations[upTo - 1].name).toBe('CreateBilling1790000000000');
    const config = loadConfig(BillingCommandConfig, { ...process.env, DATABASE_SCHEMA: schema });
    db = createDataSource(config, { entities: [], migrations: authDatabase.migrations.slice(0, upTo + 1) });
    await db.initialize();
    await prepareSchema(db, config, true);
    await db.undoLastMigration();

    // A ledger as the plan command wrote it before: the trial, a plan set, its month, a correction.
    await db.query(`INSERT INTO ${s}.users (id, email, password) VALUES (1, 'seller@example.com', 'x')`);
    await db.query(`INSERT INTO ${s}.billing_accounts ("userId", plan, status, available, reserved) VALUES (1, 'professional', 'active', 515, 0)`);
    await db.query(
      `INSERT INTO ${s}.credit_ledger ("userId", kind, credits, change, balance, reserved, key, note) VALUES
         (1, 'grant', 10, 10, 10, 0, 'trial:1', 'Free trial (7 days)'),
         (1, 'adjustment', 0, 0, 10, 0, NULL, 'Professional plan set by the operator (billing command)'),
         (1, 'grant', 500, 500, 510, 0, 'plan:1:professional:2026-11-01T00:00:00.000Z', 'Professional plan: credits for the month'),
         (1, 'adjustment', 5, 5, 515, 0, NULL, 'goodwill')`,
    );
    const ledger = () => db!.query(`SELECT kind, credits, change, balance, note FROM ${s}.credit_ledger ORDER BY id`);
    const written = await ledger();

    await prepareSchema(db, config, true);
    expect(await ledger()).toEqual(written.map((row: { kind: string; credits: number }) => (row.kind === 'adjustment' && row.credits === 0 ? { ...row, kind: 'plan' } : row)));
    // From here on a plan entry moves no credits and an adjustment always moves some.
    const insert = (kind: string, credits: number) =>
      db!.query(`INSERT INTO ${s}.credit_ledger ("userId", kind, credits, change, balance, reserved) VALUES (1, $1, $2, $2, 515 + $2, 0)`, [kind, credits]);
    await expect(insert('plan', 5)).rejects.toThrow(/credit_ledger_plan_moves_nothing/);
    await expect(insert('adjustment', 0)).rejects.toThrow(/credit_ledger_adjustment_moves_credits/);
    await expect(insert('bonus', 5)).rejects.toThrow(/credit_ledger_kind_check/);

    // And back: the plan entries are 0-credit adjustments again.
    await db.undoLastMigration();
    expect(await ledger()).toEqual(written);
  });
});
