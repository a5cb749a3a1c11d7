import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { installJobQueue } from '../src/queue/queue-schema.js';

/** pg-boss's installer on the real Postgres of the test run, in a schema of its own. */
describe('the job queue installer (real Postgres)', () => {
  const schema = `queue_install_${randomBytes(4).toString('hex')}`;
  // One connection, so the statement after a failed install runs on the very connection it used.
  const dataSource = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL, extra: { max: 1 } });

  beforeAll(async () => {
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA "${schema}"`);
  });

  afterAll(async () => {
    await dataSource.query(`DROP SCHEMA "${schema}" CASCADE`);
    await dataSource.destroy();
  });

  it('an install that fails inside pg-boss’s own transaction leaves its connection usable, and a later install succeeds', async () => {
    // Something already holds a name pg-boss creates, as a half-made schema would.
    await dataSource.query(`CREATE TYPE "${schema}".job_state AS ENUM ('other')`);
    const runner = dataSource.createQueryRunner();
    try {
      await expect(installJobQueue(runner, schema)).rejects.toThrow(/job_state/);
      expect(await runner.query(`SELECT 1 AS ok`)).toEqual([{ ok: 1 }]);
    } finally {
      await runner.release();
    }

    await dataSource.query(`DROP TYPE "${schema}".job_state`);
    const again = dataSource.createQueryRunner();
    try {
      await installJobQueue(again, schema);
      expect(await again.query(`SELECT to_regclass($1) IS NOT NULL AS installed`, [`"${schema}".job`])).toEqual([{ installed: true }]);
    } finally {
      await again.release();
    }
  });
});
