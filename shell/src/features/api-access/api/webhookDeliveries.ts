import { useQuery } from '@tanstack/react-query';
import { WEBHOOKS_PATH, type WebhookDeliveriesResponse } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** GET /api/try-on/webhooks/:id/deliveries: the last 20, newest first. */
export async function listWebhookDeliveries(endpointId: string): Promise<WebhookDeliveriesResponse> {
  return (await apiRequest('GET', `${WEBHOOKS_PATH}/${encodeURIComponent(endpointId)}/deliveries`)).json();
}

/** While a delivery is pending, the list is read again every few seconds to show how it went. */
export function useWebhookDeliveries(endpointId: string, enabled: boolean) {
  return useQuery({
    queryKey: [WEBHOOKS_PATH, endpointId, 'deliveries'],
    queryFn: () => listWebhookDeliveries(endpointId),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 3000 : false),
  });
}
