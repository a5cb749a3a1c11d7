import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS_PATH, type WebhookEndpointsResponse } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** GET /api/try-on/webhooks: the account's endpoints, each with its last delivery. */
export async function listWebhookEndpoints(): Promise<WebhookEndpointsResponse> {
  return (await apiRequest('GET', WEBHOOKS_PATH)).json();
}

export const webhookEndpointsQuery = queryOptions({ queryKey: [WEBHOOKS_PATH], queryFn: listWebhookEndpoints, staleTime: 0 });

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQuery);
}

/** A change to the endpoints (or a new delivery) reads them and their deliveries again. */
export function useWebhookMutation<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: [WEBHOOKS_PATH] }) });
}
