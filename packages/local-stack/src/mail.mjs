import fs from 'node:fs';
import { MailDev } from 'maildev';

/** Starts MailDev: an SMTP catcher plus its web inbox and REST API (GET /api/email). */
export async function startMail({ smtpPort, webPort, dataDir }) {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const maildev = new MailDev({
    smtp: smtpPort,
    ip: '127.0.0.1',
    web: webPort,
    webIp: '127.0.0.1',
    silent: true,
    ...(dataDir ? { mailDirectory: dataDir } : {}),
  });
  await maildev.start();
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://localhost:${webPort}`,
    stop: () => maildev.stop(),
  };
}
