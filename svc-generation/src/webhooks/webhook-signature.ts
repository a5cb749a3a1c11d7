import { WEBHOOK_SECRET_PREFIX } from '@vton/contracts';
import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: `whsec_` + base64 of 32 random bytes (the specification asks 24 to 64). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` of one attempt, as the Standard Webhooks specification defines it:
 * `v1,` + base64 HMAC-SHA256 over `{id}.{timestamp}.{body}`, keyed with the secret's bytes (the
 * base64 after `whsec_`).
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${signature}`;
}
