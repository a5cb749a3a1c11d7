import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { QueryRunner } from 'typeorm';
import type { ServiceConfig } from '../config/service-config.js';
import { createDataSource, prepareSchema } from './data-source-options.js';
import { sqlMigration } from './sql-migration.js';

interface Postgres {
  url: string;
  stop: () => Promise<void>;
}
type StartPostgres = (options: { dataDir: string; port: number }) => Promise<Postgres>;
type FreePort = () => Promise<number>;

/** Whether the step ran inside the migration's transaction, as the step saw it. */
const inTransaction: boolean[] = [];
const seeTransaction = async (queryRunner: QueryRunner) => inTransaction.push(queryRunner.isTransactionActive);

const CreateNotes = sqlMigration('CreateNotes1700000000000', {
  up: (s) => [
    `CREATE TABLE ${s}."notes" ("id" serial PRIMARY KEY, "text" text NOT NULL)`,
    `INSERT INTO ${s}."notes" ("text") VALUES ('first')`,
    { sql: `INSERT INTO ${s}."notes" ("text") VALUES ($1)`, parameters: ['second'] },
    async (queryRunner) => {
      const [{ count }] = await queryRunner.query(`SELECT count(*)::int AS count FROM ${s}."notes"`);
      await queryRunner.query(`INSERT INTO ${s}."notes" ("text") VALUES ($1)`, [`third after ${count}`]);
    },
    seeTransaction,
  ],
  // The copy can only be made before the drop: the order shows in the result.
  down: (s) => [`CREATE TABLE ${s}."undone" AS SELECT string_agg("text", ', ' ORDER BY "id") AS "texts" FROM ${s}."notes"`, `DROP TABLE ${s}."notes"`],
});

const OutsideTransaction = sqlMigration('OutsideTransaction1700000000001', { transaction: false, up: () => [seeTransaction], down: () => [] });

/** Not idempotent, outside a transaction and slow: two replicas running it at once would both try to create the type. */
const CreateStates = sqlMigration('CreateStates1700000000002', {
  transaction: false,
  up: (s) => [`CREATE TYPE ${s}."state" AS ENUM ('on', 'off')`, `SELECT pg_sleep(0.3)`, `CREATE TABLE ${s}."switches" ("state" ${s}."state" NOT NULL)`],
  down: (s) => [`DROP TABLE ${s}."switches"`, `DROP TYPE ${s}."state"`],
});

/** A private embedded Postgres (the one `npm start` runs) and a service's data source on it, as a service runs its migrations. */
describe('sqlMigration, run by TypeORM in a service schema', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-migration-'));
  let postgres: Postgres | undefined;
  let config: ServiceConfig;
  const migrate = async () => {
    const dataSource = createDataSource(config, { migrations: [CreateNotes, OutsideTransaction] });
    await dataSource.initialize();
    return dataSource;
  };

  beforeAll(async () => {
    fs.chmodSync(dir, 0o755);
    const localStack = path.resolve(import.meta.dirname, '../../../local-stack/src');
    const { startPostgres } = (await import(path.join(localStack, 'postgres.mjs'))) as { startPostgres: StartPostgres };
    const port = await ((await import(path.join(localStack, 'ports.mjs'))) as { freePort: FreePort }).freePort();
    postgres = await startPostgres({ dataDir: path.join(dir, 'postgres'), port });
    config = { DATABASE_URL: postgres.url, DATABASE_SCHEMA: 'kit_notes' } as ServiceConfig;
  }, 120_000);

  afterAll(async () => {
    await postgres?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('replicas starting together take turns: each migration runs once and no replica fails', async () => {
    const replicaConfig = { DATABASE_URL: config.DATABASE_URL, DATABASE_SCHEMA: 'kit_replicas' } as ServiceConfig;
    const replicas = await Promise.all(
      [1, 2, 3].map(async () => {
        const dataSource = createDataSource(replicaConfig, { migrations: [CreateStates] });
        await dataSource.initialize();
        return dataSource;
      }),
    );
    try {
      const ran = await Promise.all(replicas.map((replica) => prepareSchema(replica, replicaConfig, true)));
      expect(ran.flat()).toEqual(['CreateStates1700000000002']);
      expect(await replicas[0].query(`SELECT "name" FROM "kit_replicas"."migrations"`)).toEqual([{ name: 'CreateStates1700000000002' }]);
      // Each replica's connections are usable afterwards (none was left in a failed transaction).
      for (const replica of replicas) expect(await replica.query(`SELECT count(*)::int AS n FROM "kit_replicas"."switches"`)).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all(replicas.map((replica) => replica.destroy()));
    }
  }, 120_000);

  it('records each migration under its name, runs its statements in order, once, and its down statements in order', async () => {
    expect([CreateNotes.name, new CreateNotes().name]).toEqual(['CreateNotes1700000000000', 'CreateNotes1700000000000']);
    const first = await migrate();
    try {
      expect(await prepareSchema(first, config, true)).toEqual(['CreateNotes1700000000000', 'OutsideTransaction1700000000001']);
      expect(await first.query(`SELECT "timestamp", "name" FROM "kit_notes"."migrations" ORDER BY "id"`)).toEqual([
        { timestamp: '1700000000000', name: 'CreateNotes1700000000000' },
        { timestamp: '1700000000001', name: 'OutsideTransaction1700000000001' },
      ]);
      expect(await first.query(`SELECT "text" FROM "kit_notes"."notes" ORDER BY "id"`)).toEqual([{ text: 'first' }, { text: 'second' }, { text: 'third after 2' }]);
      expect(inTransaction).toEqual([true, false]);
    } finally {
      await first.destroy();
    }

    // Another start (a new release, another replica) finds nothing to run.
    const again = await migrate();
    try {
      expect(await again.showMigrations()).toBe(false);
      expect(await prepareSchema(again, config, true)).toEqual([]);
      await again.undoLastMigration();
      await again.undoLastMigration();
      expect(await again.query(`SELECT "texts" FROM "kit_notes"."undone"`)).toEqual([{ texts: 'first, second, third after 2' }]);
      expect(await again.query(`SELECT to_regclass('"kit_notes"."notes"') AS "notes"`)).toEqual([{ notes: null }]);
      expect(await again.query(`SELECT "name" FROM "kit_notes"."migrations"`)).toEqual([]);
    } finally {
      await again.destroy();
    }
  }, 120_000);
});
