import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_KEYS_PATH, type ApiKeysResponse } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** GET /api/auth/api-keys: the account's active keys, each by its prefix only. */
export async function listApiKeys(): Promise<ApiKeysResponse> {
  return (await apiRequest('GET', API_KEYS_PATH)).json();
}

export const apiKeysQuery = queryOptions({ queryKey: [API_KEYS_PATH], queryFn: listApiKeys, staleTime: 0 });

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}

/** Any change to the keys reads the list again (last-used times move on their own). */
export function useRefreshApiKeys() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
}

export function useInvalidatingMutation<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const refresh = useRefreshApiKeys();
  return useMutation({ mutationFn, onSuccess: () => refresh() });
}
