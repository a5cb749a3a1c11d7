import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { AuthConfig } from '../config/auth.config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The one adapter around SMTP (nodemailer over SMTP_URL). A failed send is logged and reported
 * as `false`, never thrown: an account must not be lost because the mail server is down.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transporter: ReturnType<typeof createTransport>;

  constructor(private readonly config: AuthConfig) {
    // Short timeouts: a request that sends mail should not hang on an unreachable server.
    this.transporter = createTransport(
      { url: config.SMTP_URL, connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 },
      { from: config.MAIL_FROM },
    );
  }

  async send(mail: OutgoingMail): Promise<boolean> {
    try {
      await this.transporter.sendMail(mail);
      return true;
    } catch (error) {
      this.logger.error(`Could not send "${mail.subject}" to ${redact(mail.to)}: ${(error as Error).message}`);
      return false;
    }
  }

  /**
   * Not awaited: how long an account's answer takes must not tell whether the address has an
   * account, and a slow or unreachable mail server must not hold up (or fail) the request.
   */
  sendInBackground(mail: OutgoingMail): void {
    // send logs a failed send and never rejects; the catch only guards against surprises.
    void this.send(mail).catch((error: unknown) => this.logger.error(`Mail not sent: ${(error as Error).message}`));
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}

/** Logs keep the domain and the first letter: enough to find a problem, not a mailing list. */
function redact(address: string): string {
  const [local, domain] = address.split('@');
  return `${local.charAt(0)}***@${domain ?? ''}`;
}
