import { useQuery } from '@tanstack/react-query';
import type { TryOnRun } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** How often a running run is read again while the grid fills. */
export const RUN_POLL_MS = 1500;

/** GET /api/try-on/runs/:id → the run with every cell. */
export async function getRun(runId: string): Promise<TryOnRun> {
  const response = await apiRequest('GET', `/api/try-on/runs/${encodeURIComponent(runId)}`);
  return (await response.json()) as TryOnRun;
}

export const runQueryKey = (runId: string) => ['catalogue', 'run', runId] as const;

/** The run, read again every RUN_POLL_MS while any cell is queued or running (it lives on the server: a reload finds it). */
export function useRun(runId: string | null) {
  return useQuery({
    queryKey: runQueryKey(runId ?? ''),
    queryFn: () => getRun(runId!),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUN_POLL_MS : false),
  });
}
