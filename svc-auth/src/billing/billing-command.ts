import 'reflect-metadata';
import { pathToFileURL } from 'node:url';
import { PLAN_IDS, PLANS, type PlanId } from '@vton/contracts';
import { createDataSource, loadConfig, prepareSchema, ServiceMetrics } from '@vton/service-kit';
import { BillingCommandConfig } from '../config/auth.config.js';
import { authDatabase } from '../database/data-source.js';
import { sqlTable } from '../tables/sql-table.js';
import { User } from '../users/entities/user.entity.js';
import { BillingMetrics } from './billing-metrics.js';
import { BillingService } from './billing.service.js';
import { CreditLedger } from './credit-ledger.service.js';
import { BillingAccountEntity } from './entities/billing-account.entity.js';
import { LedgerEntryEntity } from './entities/ledger-entry.entity.js';

/**
 * The operator's command (README "Plans and credits"), on the database of DATABASE_URL:
 *   npm run billing -- plan <email> <trial|starter|professional|enterprise>
 *   npm run billing -- credits <email> <+N|-N> "<note>"
 * Both go through the ledger like every other change (an entry with its note, the balance after it).
 */
const USAGE = `Usage:
  npm run billing -- plan <email> <${PLAN_IDS.join('|')}>
  npm run billing -- credits <email> <+N|-N> "<note>"`;

class UsageError extends Error {}

export async function runBillingCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const [command, rawEmail, value, ...rest] = args;
  if (!command || !rawEmail || !value || !['plan', 'credits'].includes(command)) throw new UsageError(USAGE);
  const email = rawEmail.trim().toLowerCase();
  const config = loadConfig(BillingCommandConfig, env);
  // No Nest modules here: the data source is given the entities this command reads.
  const dataSource = createDataSource(config, { ...authDatabase, entities: [User, BillingAccountEntity, LedgerEntryEntity] });
  await dataSource.initialize();
  try {
    await prepareSchema(dataSource, config, config.MIGRATIONS_RUN);
    const [user]: { id: number }[] = await dataSource.query(`SELECT "id" FROM ${sqlTable(dataSource.getMetadata(User))} WHERE "email" = $1`, [email]);
    if (!user) throw new UsageError(`No account has the address ${email}`);
    const ledger = new CreditLedger(dataSource.getRepository(BillingAccountEntity), dataSource.getRepository(LedgerEntryEntity), config, new BillingMetrics(new ServiceMetrics()));
    const billing = new BillingService(dataSource.getRepository(BillingAccountEntity), ledger, config);
    if (command === 'plan') {
      if (!(PLAN_IDS as readonly string[]).includes(value)) throw new UsageError(`Unknown plan "${value}": one of ${PLAN_IDS.join(', ')}`);
      const account = await billing.setPlanByOperator(user.id, value as PlanId);
      const credits = ledger.unlimited(account) ? 'unlimited credits' : `${account.available} credits available`;
      return `${email} is now on the ${PLANS[account.plan].name} plan: ${credits}, ${account.reserved} reserved.`;
    }
    if (!/^[+-]\d{1,6}$/.test(value) || Number(value) === 0) throw new UsageError(`Credits must be +N or -N (a whole number, not 0), not "${value}"\n${USAGE}`);
    const note = rest.join(' ').trim();
    if (!note) throw new UsageError(`Say why in a note: npm run billing -- credits ${email} ${value} "<note>"`);
    const { available } = await ledger.adjust(user.id, Number(value), note);
    return `${email}: ${value} credits (${note}); ${available} available now.`;
  } finally {
    await dataSource.destroy();
  }
}

// Run as a script (dist/billing/billing-command.js), not when imported by a test.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBillingCommand(process.argv.slice(2)).then(
    (message) => process.stdout.write(`${message}\n`),
    (error: Error) => {
      process.stderr.write(`billing: ${error.message}\n`);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
