import { WEBHOOKS_PATH, type CreatedWebhookEndpoint, type CreateWebhookEndpointRequest } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { useWebhookMutation } from './webhookEndpoints';

/** POST /api/try-on/webhooks: the answer is the only time the signing secret is shown. */
export async function createWebhookEndpoint(body: CreateWebhookEndpointRequest): Promise<CreatedWebhookEndpoint> {
  return (await apiRequest('POST', WEBHOOKS_PATH, body)).json();
}

export function useCreateWebhookEndpoint() {
  return useWebhookMutation(createWebhookEndpoint);
}
