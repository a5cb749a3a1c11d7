import { WEBHOOKS_PATH, type WebhookDeliveryRecord } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { useWebhookMutation } from './webhookEndpoints';

/** POST /api/try-on/webhooks/:id/test: queues a `webhook.test` delivery to the endpoint. */
export async function sendWebhookTestEvent(id: string): Promise<WebhookDeliveryRecord> {
  return (await apiRequest('POST', `${WEBHOOKS_PATH}/${encodeURIComponent(id)}/test`)).json();
}

export function useSendWebhookTestEvent() {
  return useWebhookMutation(sendWebhookTestEvent);
}
