import { API_KEYS_PATH, type CreateApiKeyRequest, type CreatedApiKey } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { useInvalidatingMutation } from './apiKeys';

/** POST /api/auth/api-keys: the answer is the only time the whole key is shown. */
export async function createApiKey(body: CreateApiKeyRequest): Promise<CreatedApiKey> {
  return (await apiRequest('POST', API_KEYS_PATH, body)).json();
}

export function useCreateApiKey() {
  return useInvalidatingMutation(createApiKey);
}
