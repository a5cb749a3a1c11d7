import path from 'node:path';
import { startPostgres } from './postgres.mjs';
import { startObjectStorage, S3_ACCESS_KEY, S3_SECRET_KEY } from './object-storage.mjs';
import { startMail } from './mail.mjs';
import { freePort, retryWhenPortTaken } from './ports.mjs';
import { localSecrets } from './secrets.mjs';

export const DEFAULT_BUCKET = 'vton-media';

/**
 * Brings up the outside parts the services need — Postgres, S3 storage, SMTP + inbox —
 * each one embedded unless its environment variable points at a real one already
 * (DATABASE_URL, S3_ENDPOINT, SMTP_URL), and the services' generated secrets (secrets.mjs).
 * Returns the environment the services get and a stop.
 * Ports of 0 mean "any free port" (tests); npm start passes the fixed defaults.
 */
/**
 * @param {{ dataDir: string, env?: NodeJS.ProcessEnv, ports?: { postgres?: number, s3?: number, smtp?: number, mailWeb?: number },
 *   log?: (message: string) => void, notice?: (message: string) => void }} options
 *   `log`: the parts' own output; `notice`: what whoever started them should always see (a part moved to another port).
 */
export async function startInfrastructure({ dataDir, env = process.env, ports = {}, log = () => {}, notice = log }) {
  const started = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch((e) => log(`stop failed: ${e.message}`));
  };
  try {
    const out = {};
    if (env.DATABASE_URL) {
      out.DATABASE_URL = env.DATABASE_URL;
    } else {
      const start = async () => startPostgres({ dataDir: path.join(dataDir, 'postgres'), port: ports.postgres || (await freePort()), log: (m) => log(`postgres: ${m}`) });
      const pg = ports.postgres ? await start() : await retryWhenPortTaken(start, { log: notice, what: 'Postgres' });
      started.push(pg);
      out.DATABASE_URL = pg.url;
    }
    if (env.S3_ENDPOINT) {
      Object.assign(out, pick(env, ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION']));
    } else {
      const bucket = env.S3_BUCKET || DEFAULT_BUCKET;
      const s3 = await startObjectStorage({ dataDir: path.join(dataDir, 's3'), port: ports.s3 || 0, bucket });
      started.push(s3);
      Object.assign(out, { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET: bucket, S3_REGION: 'us-east-1' });
    }
    if (env.SMTP_URL) {
      out.SMTP_URL = env.SMTP_URL;
      if (env.MAIL_INBOX_URL) out.MAIL_INBOX_URL = env.MAIL_INBOX_URL;
    } else {
      const start = async () => startMail({
        smtpPort: ports.smtp || (await freePort()),
        webPort: ports.mailWeb || (await freePort()),
        dataDir: path.join(dataDir, 'mail'),
      });
      const mail = ports.smtp && ports.mailWeb ? await start() : await retryWhenPortTaken(start, { log: notice, what: 'MailDev' });
      started.push(mail);
      out.SMTP_URL = mail.smtpUrl;
      out.MAIL_INBOX_URL = mail.inboxUrl;
    }
    Object.assign(out, localSecrets({ dataDir, env }));
    return { env: out, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

function pick(source, keys) {
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));
}
