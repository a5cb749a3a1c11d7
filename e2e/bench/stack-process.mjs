/**
 * A part of the product in processes of its own, for the sellers' bench (sellers.mjs), which reads
 * each part's CPU time from /proc: `infrastructure` (the embedded S3 server in this process, Postgres
 * as its child; with BENCH_PG_STATEMENTS=1 Postgres loads pg_stat_statements) or `stack` (what
 * `npm start` runs — the gateway and MailDev in this process; the apps, the workers and the local
 * compositor as its children — on the database and S3 server given by DATABASE_URL and S3_ENDPOINT).
 * Prints one JSON line when ready; stops on SIGTERM. The stack's logs go to BENCH_STACK_LOG, each line
 * stamped with the time it arrived here.
 *
 *   node bench/stack-process.mjs infrastructure <dataDir>
 *   node bench/stack-process.mjs stack <dataDir>
 */
import fs from 'node:fs';
import path from 'node:path';
import '@vton/local-stack/bootstrap';

const { startStack, anyFreePorts, startObjectStorage, startPostgres, freePort, DEFAULT_BUCKET } = await import('@vton/local-stack');
const [what, dataDir] = process.argv.slice(2);
/** @type {() => Promise<void>} */
let stop = async () => {};
process.on('SIGTERM', () => {
  stop().finally(() => process.exit(0));
});

if (what === 'infrastructure') {
  const s3 = await startObjectStorage({ dataDir: path.join(dataDir, 's3'), port: 0, bucket: DEFAULT_BUCKET });
  const flags = process.env.BENCH_PG_STATEMENTS ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all'] : [];
  const pg = await startPostgres({ dataDir: path.join(dataDir, 'postgres'), port: await freePort(), flags });
  stop = async () => {
    await s3.stop();
    await pg.stop();
  };
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint, bucket: DEFAULT_BUCKET, databaseUrl: pg.url, postmaster })}\n`);
} else if (what === 'stack') {
  const logFile = process.env.BENCH_STACK_LOG ?? path.join(dataDir, 'stack.log');
  const logStream = fs.createWriteStream(logFile);
  // Each line with the time it reached this process (UTC, ms): the stages of a model across processes line up by it.
  const stamp = () => new Date().toISOString().slice(11, 23);
  const stack = await startStack({
    dataDir,
    ports: anyFreePorts(),
    env: process.env,
    log: (s) => logStream.write(`${stamp()} ${s}\n`),
    write: (s) => logStream.write(`${stamp()} ${s}`),
  });
  stop = async () => {
    await stack.stop();
    logStream.end();
  };
  process.stdout.write(
    `${JSON.stringify({
      url: stack.url,
      inboxUrl: stack.inboxUrl,
      processes: stack.processes.map((p) => ({ name: p.name, pid: p.pid, url: p.url, kind: p.kind })),
    })}\n`,
  );
} else {
  process.stderr.write('usage: stack-process.mjs infrastructure|stack <dataDir>\n');
  process.exit(2);
}
