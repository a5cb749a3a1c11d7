import type { WebhookDeliveryRecord } from '@vton/contracts';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity.js';

/** A delivery as the page lists it. */
export function toDeliveryRecord(row: WebhookDeliveryEntity): WebhookDeliveryRecord {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventType: row.eventType as WebhookDeliveryRecord['eventType'],
    status: row.status,
    attempts: row.attempts,
    lastResponseCode: row.lastResponseCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt ? row.lastAttemptAt.toISOString() : null,
    nextAttemptAt: row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
  };
}
