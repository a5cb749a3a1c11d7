import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SessionConnection } from './session-connection.js';

interface Postgres {
  url: string;
  stop: () => Promise<void>;
}
type StartPostgres = (options: { dataDir: string; port: number }) => Promise<Postgres>;
type FreePort = () => Promise<number>;

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 1200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Still waiting for: ${what}`);
};

/** Whether another session could take the advisory lock (then it lets it go again). */
const lockIsFree = async (url: string, key: number) => {
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    const { rows } = await other.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1) AS taken', [key]);
    if (rows[0].taken) await other.query('SELECT pg_advisory_unlock($1)', [key]);
    return rows[0].taken;
  } finally {
    await other.end();
  }
};

/** A private embedded Postgres (the one `npm start` runs), stopped and started again under the connection. */
describe('SessionConnection, with Postgres stopped and started again', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-connection-'));
  const LOCK = 4242;
  let startPostgres: StartPostgres;
  let postgres: Postgres | undefined;
  let port: number;

  beforeAll(async () => {
    fs.chmodSync(dir, 0o755);
    const localStack = path.resolve(import.meta.dirname, '../../../local-stack/src');
    ({ startPostgres } = (await import(path.join(localStack, 'postgres.mjs'))) as { startPostgres: StartPostgres });
    port = await ((await import(path.join(localStack, 'ports.mjs'))) as { freePort: FreePort }).freePort();
    postgres = await startPostgres({ dataDir: path.join(dir, 'postgres'), port });
  }, 120_000);

  afterAll(async () => {
    await postgres?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prepares each new connection, says when the open one is lost, opens and prepares again once Postgres is back, and lets go on stop', async () => {
    const sessions: number[] = [];
    const opened: number[] = [];
    const lost: string[] = [];
    const warnings: string[] = [];
    const connection = new SessionConnection({
      connectionString: postgres!.url,
      purpose: 'Test lock',
      logger: { warn: (message) => warnings.push(message) },
      prepare: async (client) => {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_advisory_lock($1)', [LOCK]);
        sessions.push(rows[0].pid);
      },
      onOpen: () => opened.push(sessions[sessions.length - 1]),
      onLost: (error) => lost.push(error.message),
    });
    connection.start();
    try {
      await until(() => connection.isOpen, 'the connection is open');
      expect(opened).toHaveLength(1);
      expect(await lockIsFree(postgres!.url, LOCK)).toBe(false);

      await postgres!.stop();
      postgres = undefined;
      await until(() => lost.length > 0, 'the loss is reported');
      expect(connection.isOpen).toBe(false);
      expect(connection.client).toBeUndefined();
      // It keeps trying while Postgres is down, and says so.
      await until(() => warnings.length >= 2, 'two attempts while Postgres is down');
      expect(warnings[0]).toMatch(/^Test lock connection lost \(.+\); reconnecting in 250 ms$/);
      expect(opened).toHaveLength(1);

      postgres = await startPostgres({ dataDir: path.join(dir, 'postgres'), port });
      await until(() => opened.length === 2, 'opened again');
      expect(connection.isOpen).toBe(true);
      expect(opened[1]).not.toBe(opened[0]);
      expect(lost).toHaveLength(1);
      expect(await lockIsFree(postgres.url, LOCK)).toBe(false);
    } finally {
      await connection.stop();
    }
    expect(connection.isOpen).toBe(false);
    await until(() => lockIsFree(postgres!.url, LOCK), 'the lock is let go');
    expect(lost).toHaveLength(1);
  }, 240_000);
});
