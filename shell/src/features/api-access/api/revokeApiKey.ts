import { API_KEYS_PATH } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { useInvalidatingMutation } from './apiKeys';

/** DELETE /api/auth/api-keys/:id: the key stops working on every service at once. */
export async function revokeApiKey(id: string): Promise<void> {
  await apiRequest('DELETE', `${API_KEYS_PATH}/${encodeURIComponent(id)}`);
}

export function useRevokeApiKey() {
  return useInvalidatingMutation(revokeApiKey);
}
