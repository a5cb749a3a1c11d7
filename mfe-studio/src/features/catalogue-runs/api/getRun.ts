import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RunsPage, TryOnRun } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { RUNS_KEY } from './listRuns';

/** How often a running run is read again while the grid fills. */
export const RUN_POLL_MS = 1500;

/** GET /api/try-on/runs/:id → the run with every cell. */
export async function getRun(runId: string): Promise<TryOnRun> {
  const response = await apiRequest('GET', `/api/try-on/runs/${encodeURIComponent(runId)}`);
  return (await response.json()) as TryOnRun;
}

export const runQueryKey = (runId: string) => ['catalogue', 'run', runId] as const;

/**
 * The run, read again every RUN_POLL_MS while any cell is queued or running (it lives on the server: a
 * reload finds it). Each read updates its line in "Your runs" too, which otherwise kept "0/4 done"
 * beside a finished grid until the page was reloaded.
 */
export function useRun(runId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: runQueryKey(runId ?? ''),
    queryFn: async () => {
      const run = await getRun(runId!);
      const { cells: _cells, ...summary } = run;
      queryClient.setQueryData<RunsPage>(RUNS_KEY, (page) => page && { ...page, runs: page.runs.map((listed) => (listed.id === run.id ? summary : listed)) });
      return run;
    },
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUN_POLL_MS : false),
  });
}
