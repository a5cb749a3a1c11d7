import { WEBHOOKS_PATH } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { useWebhookMutation } from './webhookEndpoints';

/** DELETE /api/try-on/webhooks/:id */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await apiRequest('DELETE', `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteWebhookEndpoint() {
  return useWebhookMutation(deleteWebhookEndpoint);
}
